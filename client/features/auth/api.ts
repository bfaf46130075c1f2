import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, NewPasswordForm } from '../../../contract/account';
import type { LoginRequest, RegisterRequest } from '../../../contract/auth';
import { sendJson } from '../../lib/api';
import { setCurrentUser } from '../../lib/auth';

// The sign-in and register pages are public and kept free of zod on first load (bench:bundle):
// the contract's schemas that check these answers load on submit, like the forms' validation
// (lazyZodResolver). The reset pages already hold them, so for those the import is immediate.
const authContract = () => import('../../../contract/auth');
const accountContract = () => import('../../../contract/account');

export async function logIn(body: LoginRequest) {
  const { userResponseSchema } = await authContract();
  return sendJson('POST', '/api/auth/login', body, userResponseSchema);
}

export async function register(body: RegisterRequest) {
  const { userResponseSchema } = await authContract();
  return sendJson('POST', '/api/auth/register', body, userResponseSchema);
}

/** Answers the same message whether or not an account uses the address. */
export async function requestPasswordReset(body: ForgotPasswordRequest) {
  const { messageResponseSchema } = await accountContract();
  return sendJson('POST', '/api/auth/forgot-password', body, messageResponseSchema);
}

export async function resetPassword(token: string, body: NewPasswordForm) {
  const { messageResponseSchema } = await accountContract();
  return sendJson('POST', '/api/auth/reset-password', { token, ...body }, messageResponseSchema);
}

export function useLogin() {
  return useMutation({ mutationFn: logIn, onSuccess: ({ user }) => setCurrentUser(user) });
}

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: ({ user }) => setCurrentUser(user) });
}
