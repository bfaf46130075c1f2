import { z } from './zod';

// API keys for programs and agents (decision 0280): named, scoped, shown once, stored as a hash.

/** `webhooks` registers, lists and removes webhook endpoints: a read-only key cannot (issue 47). */
export const API_KEY_SCOPES = ['reports:read', 'reports:buy', 'watchlist', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so secret scanners and people can tell what it is. */
export const API_KEY_TAG = 'crow';

/** Keys one account may hold at once (revoked and expired keys do not count). */
export const API_KEYS_PER_USER = 20;

/** The /api/v1 routes: bearer keys only; session cookies are ignored there. */
export const API_V1_PREFIX = '/api/v1/';

export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name',
  nameTooLong: 'The name must be at most 60 characters',
  scopesRequired: 'Choose at least one scope',
  notFound: 'That API key does not exist.',
  tooMany: `An account may hold at most ${API_KEYS_PER_USER} API keys. Revoke one first.`,
  /** A rotation keeps the old key alive for a while, so its successor counts against the cap too. */
  tooManyToRotate: `An account may hold at most ${API_KEYS_PER_USER} API keys, and a rotated key works on during its grace period. Revoke one first.`,
  alreadyRotated: 'This key was already rotated and is being replaced. Rotate its successor instead.',
  missing: 'Send the API key as "Authorization: Bearer <key>". Create one on your account page.',
  invalid: 'This API key is not valid: it was revoked, expired after a rotation, or never existed.',
  scope: (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope.`,
} as const;

export const createApiKeySchema = z.object({
  name: z
    .string({ message: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(60, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES), { message: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
});

export const apiKeyUsageDaySchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
  requests: z.number(),
});

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's public start ("crow_ab12cd34ef56"), enough to tell keys apart; never the secret. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Set on a key replaced by rotation: it keeps working until then. */
  expiresAt: z.string().nullable(),
  /** Requests per UTC day, the last 7 days with any use, newest first. */
  usage: z.array(apiKeyUsageDaySchema),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  /** Prepaid API credits left: each buys one new report through POST /api/v1/reports. */
  credits: z.number(),
});

/** The answer that holds the secret: shown once, never again. */
export const createdApiKeySchema = z.object({
  key: z.string(),
  apiKey: apiKeySchema,
  /** Rotation only: the old key's id and until when it still works. */
  replaced: z.object({ id: z.number(), expiresAt: z.string() }).optional(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
