import { AUTH_MESSAGES } from './auth-messages';
import { requiredField, z } from './zod';

export { AUTH_MESSAGES } from './auth-messages';

export const emailSchema = z
  .string(requiredField(AUTH_MESSAGES.invalidEmail))
  .trim()
  .toLowerCase()
  .max(254, AUTH_MESSAGES.invalidEmail)
  .email(AUTH_MESSAGES.invalidEmail);

export const usernameSchema = z
  .string(requiredField(AUTH_MESSAGES.usernameShort))
  .trim()
  .min(3, AUTH_MESSAGES.usernameShort)
  .max(30, AUTH_MESSAGES.usernameLong)
  .regex(/^[A-Za-z0-9_]+$/, AUTH_MESSAGES.usernameChars);

export const newPasswordSchema = z
  .string(requiredField(AUTH_MESSAGES.passwordShort))
  .min(8, AUTH_MESSAGES.passwordShort)
  .max(128, AUTH_MESSAGES.passwordLong)
  .regex(/[A-Z]/, AUTH_MESSAGES.passwordUpper)
  .regex(/[a-z]/, AUTH_MESSAGES.passwordLower)
  .regex(/[0-9]/, AUTH_MESSAGES.passwordDigit)
  .regex(/[^A-Za-z0-9]/, AUTH_MESSAGES.passwordSpecial);

export const registerRequestSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(requiredField(AUTH_MESSAGES.passwordsDontMatch)).max(128),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string(requiredField(AUTH_MESSAGES.loginPasswordShort))
    .min(6, AUTH_MESSAGES.loginPasswordShort)
    .max(128, AUTH_MESSAGES.passwordLong),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userResponseSchema = z.object({ user: currentUserSchema });
