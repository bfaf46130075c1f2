// Kept free of schemas (no zod) so the sign-in and register pages show them without loading zod.
// The product's form messages; client forms and the server share them.
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
  logoutPostOnly: 'Log out with the Logout button; this address no longer logs out.',
} as const;

export const USERNAME_HINT = '3-30 characters, letters, numbers, and underscores only';
export const PASSWORD_HINT = 'Must be 8+ characters with uppercase, lowercase, number, and special character';

/**
 * The rules of a new password, each with the test the schema runs (contract/auth.ts): the forms
 * show them as a checklist that ticks while the person types.
 */
export const PASSWORD_RULES = [
  { key: 'length', label: 'At least 8 characters', met: (value: string) => value.length >= 8 },
  { key: 'upper', label: 'An uppercase letter', met: (value: string) => /[A-Z]/.test(value) },
  { key: 'lower', label: 'A lowercase letter', met: (value: string) => /[a-z]/.test(value) },
  { key: 'digit', label: 'A number', met: (value: string) => /[0-9]/.test(value) },
  { key: 'special', label: 'A special character', met: (value: string) => /[^A-Za-z0-9]/.test(value) },
] as const;
