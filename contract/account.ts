import { AUTH_MESSAGES, emailSchema, newPasswordSchema } from './auth';
import { z } from './zod';

// Password reset and the account page: requests, answers and the messages that the
// forms and the API share. New passwords follow the register page's rules and messages.

export const ACCOUNT_MESSAGES = {
  resetRequested:
    'If an account uses that email, we have sent it a link to choose a new password. The link works for 1 hour.',
  resetDone: 'Your password has been changed and every session signed out. Sign in with your new password.',
  resetTokenInvalid: 'This reset link is not valid. Request a new one.',
  resetTokenUsed: 'This reset link has already been used. Request a new one if you still need it.',
  resetTokenExpired: 'This reset link has expired. Request a new one.',
  currentPasswordWrong: 'Your current password is not correct',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  sessionNotFound: 'That session has already ended',
  cannotEndCurrent: 'To end this session, log out',
  adminCannotDelete: 'The admin account cannot be deleted here',
  passwordWrongForDelete: 'The password is not correct',
  accountDeleted: 'Your account has been deleted.',
  outboxSandboxOnly: 'The development outbox exists only in the sandbox',
  outboxLoopbackOnly: 'The development outbox answers only on the computer that runs the store',
} as const;

/** How long a password reset link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;

const newPasswordPair = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().max(128) })
  .refine((body) => body.password === body.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    token: z.string().min(1, ACCOUNT_MESSAGES.resetTokenInvalid).max(200, ACCOUNT_MESSAGES.resetTokenInvalid),
    password: newPasswordSchema,
    confirmPassword: z.string().max(128),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset form in the browser: the token comes from the link, not from a field. */
export const newPasswordFormSchema = newPasswordPair;
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(128, AUTH_MESSAGES.passwordLong),
    password: newPasswordSchema,
    confirmPassword: z.string().max(128),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const deleteAccountRequestSchema = z.object({
  password: z.string().min(1, 'Enter your password to confirm').max(128, AUTH_MESSAGES.passwordLong),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const accountSessionSchema = z.object({
  /** An opaque id for this list (not the stored session key). */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** "Chrome 131 on Linux", or "Unknown browser". */
  browser: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const sessionIdParamSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, ACCOUNT_MESSAGES.sessionNotFound),
});

export const endedSessionsSchema = z.object({ ended: z.number().int() });

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export const outboxResponseSchema = z.object({
  /** Always true: this list exists only in the sandbox. */
  sandbox: z.literal(true),
  messages: z.array(outboxMessageSchema),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
