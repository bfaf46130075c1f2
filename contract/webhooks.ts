import { z } from './zod';

// Webhooks for API key owners (decision 0284), signed per the Standard Webhooks spec.

export const WEBHOOK_EVENTS = ['report.completed', 'watchlist.changed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Endpoints one account may register. */
export const WEBHOOK_ENDPOINTS_PER_USER = 10;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the endpoint as an absolute https:// URL.',
  httpsOnly: 'Webhook endpoints must use https://.',
  privateAddress: 'This URL resolves to a private or loopback address; webhooks go only to public hosts.',
  unresolvable: 'This URL does not resolve to any address.',
  eventsRequired: 'Choose at least one event',
  notFound: 'That webhook endpoint does not exist.',
  tooMany: `An account may register at most ${WEBHOOK_ENDPOINTS_PER_USER} webhook endpoints.`,
} as const;

export const createWebhookSchema = z
  .object({
    url: z
      .string({ message: WEBHOOK_MESSAGES.urlInvalid })
      .trim()
      .min(1, WEBHOOK_MESSAGES.urlInvalid)
      .max(2000),
    events: z
      .array(z.enum(WEBHOOK_EVENTS), { message: WEBHOOK_MESSAGES.eventsRequired })
      .min(1, WEBHOOK_MESSAGES.eventsRequired)
      .transform((events) => [...new Set(events)]),
  })
  .meta({ examples: [{ url: 'https://example.com/hooks/crow', events: ['report.completed'] }] });

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});

/** The answer that holds the signing secret (whsec_…): shown once. */
export const createdWebhookSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });

export const webhookListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

export const webhookDeliverySchema = z.object({
  id: z.number(),
  /** The webhook-id header: the same on every attempt. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  attempts: z.number(),
  /** The endpoint's HTTP status on the last attempt; null when it could not be reached. */
  lastStatus: z.number().nullable(),
  /** The start of the endpoint's answer on the last attempt. */
  lastResponse: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** The account page's list: each endpoint with how its newest delivery went (null before any). */
export const accountWebhookSchema = webhookEndpointSchema.extend({
  lastDelivery: webhookDeliverySchema
    .pick({
      event: true,
      attempts: true,
      lastStatus: true,
      lastError: true,
      deliveredAt: true,
      createdAt: true,
    })
    .nullable(),
});
export type AccountWebhook = z.infer<typeof accountWebhookSchema>;
export const accountWebhookListSchema = z.object({ endpoints: z.array(accountWebhookSchema) });

/** The messages that are about the URL field (shown under it on the account page). */
export const WEBHOOK_URL_MESSAGES: readonly string[] = [
  WEBHOOK_MESSAGES.urlInvalid,
  WEBHOOK_MESSAGES.httpsOnly,
  WEBHOOK_MESSAGES.privateAddress,
  WEBHOOK_MESSAGES.unresolvable,
];
