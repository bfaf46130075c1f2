import { requiredField, z } from './zod';

// Messages come from the spec (§5) and decisions.md; client forms and the server share them.
export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email address',
  loginPasswordShort: 'Password must be at least 6 characters',
  usernameShort: 'Username must be at least 3 characters',
  usernameLong: 'Username must be at most 30 characters',
  usernameChars: 'Username may contain only letters, numbers, and underscores',
  passwordShort: 'Password must be at least 8 characters',
  passwordLong: 'Password must be at most 128 characters',
  passwordUpper: 'Password must contain an uppercase letter',
  passwordLower: 'Password must contain a lowercase letter',
  passwordDigit: 'Password must contain a number',
  passwordSpecial: 'Password must contain a special character',
  passwordsDontMatch: "Passwords don't match",
  badCredentials: 'Invalid email or password',
  usernameTaken: 'That username is already taken',
  emailTaken: 'An account with that email already exists',
  notSignedIn: 'You need to sign in to do that',
  adminOnly: 'Admin access required',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

export const USERNAME_HINT = '3-30 characters, letters, numbers, and underscores only';
export const PASSWORD_HINT = 'Must be 8+ characters with uppercase, lowercase, number, and special character';

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
