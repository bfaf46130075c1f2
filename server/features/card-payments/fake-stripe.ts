import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

// A small stand-in for Stripe's REST API on 127.0.0.1, answering in its wire format
// (form-encoded requests, JSON objects, `{ error: { type, message } }` bodies), so the real
// `stripe` SDK runs unchanged in tests.

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { message: string; type: string; code: string } | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  created: number;
  livemode: false;
  /** The charge's id once the intent is paid; an expanded retrieve sends the charge object instead. */
  latest_charge: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: string;
  transfer_reversal: null;
}

export interface FakeFileUpload {
  id: string;
  /** The Host header: the SDK addresses uploads to Stripe's files host. */
  host: string | undefined;
  purpose: string | undefined;
  fileName: string | undefined;
  contentType: string | undefined;
  bytes: Buffer;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  /** Refunds created through POST /v1/refunds, in order. */
  refunds: FakeRefund[];
  /** Every refund request as received (idempotent replays included). */
  refundRequests: { params: URLSearchParams; idempotencyKey: string | undefined }[];
  /** Every cancel request as received: the intent and its parameters. */
  cancelRequests: { intentId: string; params: URLSearchParams }[];
  /** Every create request as received, for assertions on what was sent. */
  createRequests: { params: URLSearchParams; idempotencyKey: string | undefined }[];
  /** Every file upload (multipart, as the SDK sends it to the files host), idempotent replays included. */
  fileUploads: FakeFileUpload[];
  /** Every dispute update (evidence) as received, with its idempotency key. */
  disputeUpdates: { disputeId: string; params: URLSearchParams; idempotencyKey: string | undefined }[];
  /**
   * The issuing country of the card that pays an intent, by intent id: what Stripe reports as
   * `latest_charge.payment_method_details.card.country` when the charge is expanded. Unset: null.
   */
  cardCountries: Map<string, string>;
  /** When set, every request answers this HTTP status with an api_error body. */
  failWith: number | null;
  setStatus(id: string, status: string, errorMessage?: string): FakeIntent;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

interface MultipartPart {
  name: string | undefined;
  fileName: string | undefined;
  contentType: string | undefined;
  data: Buffer;
}

/** Splits a multipart/form-data body (RFC 7578) into its parts, bytes untouched. */
function parseMultipart(body: Buffer, contentType: string | undefined): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, data, CRLF, then the next delimiter.
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    parts.push({
      name: /name="([^"]*)"/.exec(headers)?.[1],
      fileName: /filename="([^"]*)"/.exec(headers)?.[1],
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim(),
      data: part.subarray(split + 4),
    });
    start = next;
  }
  return parts;
}

const chargeIdOf = (intent: { id: string }) => `ch_${intent.id.slice(3)}`;

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  response.end(JSON.stringify(body));
}

const stripeError = (type: string, message: string, extra: Record<string, string> = {}) => ({
  error: { type, message, ...extra },
});

function metadataOf(params: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, FakeIntent>();
  const refundsByKey = new Map<string, FakeRefund>();
  const filesByKey = new Map<string, FakeFileUpload>();
  const fake: Omit<FakeStripe, 'url' | 'close'> = {
    intents,
    refunds: [],
    refundRequests: [],
    disputeUpdates: [],
    fileUploads: [],
    cancelRequests: [],
    createRequests: [],
    cardCountries: new Map(),
    failWith: null,
    setStatus(id, status, errorMessage) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
      intent.status = status;
      if (status === 'succeeded') intent.latest_charge ??= chargeIdOf(intent);
      intent.last_payment_error = errorMessage
        ? { message: errorMessage, type: 'card_error', code: 'card_declined' }
        : null;
      return intent;
    },
  };

  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const body = raw.toString('utf8');
    if (!request.headers.authorization?.startsWith('Bearer sk_')) {
      return send(response, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
    }
    if (fake.failWith) {
      return send(response, fake.failWith, stripeError('api_error', 'Something went wrong on our end.'));
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const params = new URLSearchParams(body);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      fake.createRequests.push({ params, idempotencyKey });
      if (idempotencyKey && byKey.has(idempotencyKey)) return send(response, 200, byKey.get(idempotencyKey));
      const amount = Number(params.get('amount'));
      if (!Number.isInteger(amount) || amount < 50) {
        return send(
          response,
          400,
          stripeError('invalid_request_error', 'Amount must be at least $0.50 usd', { param: 'amount' }),
        );
      }
      const metadata = metadataOf(params);
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: params.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        description: params.get('description'),
        metadata,
        last_payment_error: null,
        cancellation_reason: null,
        canceled_at: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        latest_charge: null,
      };
      intents.set(id, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, intent);
      return send(response, 200, intent);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      return refund(
        response,
        new URLSearchParams(body),
        request.headers['idempotency-key'] as string | undefined,
      );
    }
    if (request.method === 'POST' && url.pathname === '/v1/files') {
      return uploadFile(response, request, raw);
    }
    const disputeUpdate = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'POST' && disputeUpdate) {
      const disputeId = decodeURIComponent(disputeUpdate[1]!);
      const params = new URLSearchParams(body);
      fake.disputeUpdates.push({
        disputeId,
        params,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      });
      return send(response, 200, {
        id: disputeId,
        object: 'dispute',
        status: params.get('submit') === 'true' ? 'under_review' : 'needs_response',
      });
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      return cancelIntent(response, decodeURIComponent(cancel[1]!), new URLSearchParams(body));
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) {
        return send(
          response,
          404,
          stripeError('invalid_request_error', `No such payment_intent: '${retrieve[1]}'`, {
            code: 'resource_missing',
            param: 'intent',
          }),
        );
      }
      return send(response, 200, expandsLatestCharge(url) ? withExpandedCharge(intent) : intent);
    }
    return send(
      response,
      404,
      stripeError('invalid_request_error', `Unrecognized request URL (${url.pathname})`),
    );
  });

  /** The SDK sends `expand[0]=latest_charge` (or `expand[]=`) in the query of a retrieve. */
  const expandsLatestCharge = (url: URL) =>
    [...url.searchParams].some(([key, value]) => key.startsWith('expand') && value === 'latest_charge');

  /** The intent with its charge as an object, as Stripe answers an expanded retrieve. */
  function withExpandedCharge(intent: FakeIntent) {
    if (!intent.latest_charge) return intent;
    return {
      ...intent,
      latest_charge: {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        paid: true,
        payment_method_details: {
          type: 'card',
          card: {
            brand: 'visa',
            country: fake.cardCountries.get(intent.id) ?? null,
            exp_month: 12,
            exp_year: 2030,
            funding: 'credit',
            last4: '4242',
          },
        },
      },
    };
  }

  /** Stripe's Files API: a multipart upload answered with a file object. */
  function uploadFile(response: ServerResponse, request: IncomingMessage, raw: Buffer) {
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const replay = idempotencyKey ? filesByKey.get(idempotencyKey) : undefined;
    const parts = parseMultipart(raw, request.headers['content-type']);
    const filePart = parts.find((part) => part.name === 'file');
    const purpose = parts.find((part) => part.name === 'purpose')?.data.toString('utf8');
    if (!filePart || !purpose) {
      return send(
        response,
        400,
        stripeError('invalid_request_error', 'Missing required param: file.', { param: 'file' }),
      );
    }
    const upload: FakeFileUpload = {
      id: replay?.id ?? `file_${randomBytes(12).toString('hex')}`,
      host: request.headers.host,
      purpose,
      fileName: filePart.fileName,
      contentType: filePart.contentType,
      bytes: Buffer.from(filePart.data),
      idempotencyKey,
    };
    fake.fileUploads.push(upload);
    if (idempotencyKey && !replay) filesByKey.set(idempotencyKey, upload);
    return send(response, 200, {
      id: upload.id,
      object: 'file',
      created: Math.floor(Date.now() / 1000),
      expires_at: null,
      filename: upload.fileName ?? null,
      links: null,
      purpose,
      size: upload.bytes.length,
      title: null,
      type: upload.fileName?.split('.').pop() ?? null,
      url: null,
    });
  }

  /** Stripe cancels an intent that is not yet paid or cancelled, and refuses the others. */
  function cancelIntent(response: ServerResponse, intentId: string, params: URLSearchParams) {
    fake.cancelRequests.push({ intentId, params });
    const intent = intents.get(intentId);
    if (!intent) {
      return send(
        response,
        404,
        stripeError('invalid_request_error', `No such payment_intent: '${intentId}'`, {
          code: 'resource_missing',
          param: 'intent',
        }),
      );
    }
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return send(
        response,
        400,
        stripeError(
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          { code: 'payment_intent_unexpected_state' },
        ),
      );
    }
    intent.status = 'canceled';
    intent.cancellation_reason = params.get('cancellation_reason');
    intent.canceled_at = Math.floor(Date.now() / 1000);
    return send(response, 200, intent);
  }

  /** Stripe refunds the charge of a succeeded intent, once, up to what is left of it. */
  function refund(response: ServerResponse, params: URLSearchParams, idempotencyKey: string | undefined) {
    fake.refundRequests.push({ params, idempotencyKey });
    if (idempotencyKey && refundsByKey.has(idempotencyKey)) {
      return send(response, 200, refundsByKey.get(idempotencyKey));
    }
    const intentId = params.get('payment_intent');
    const intent = intentId ? intents.get(intentId) : undefined;
    if (!intentId || !intent) {
      return send(
        response,
        400,
        stripeError('invalid_request_error', `No such payment_intent: '${intentId ?? ''}'`, {
          code: 'resource_missing',
          param: 'payment_intent',
        }),
      );
    }
    if (intent.status !== 'succeeded') {
      return send(
        response,
        400,
        stripeError(
          'invalid_request_error',
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          { code: 'charge_not_refundable' },
        ),
      );
    }
    const refunded = fake.refunds
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = params.has('amount') ? Number(params.get('amount')) : intent.amount - refunded;
    if (refunded >= intent.amount) {
      return send(
        response,
        400,
        stripeError('invalid_request_error', `Charge ${chargeIdOf(intent)} has already been refunded.`, {
          code: 'charge_already_refunded',
        }),
      );
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - refunded) {
      return send(
        response,
        400,
        stripeError(
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})`,
          { param: 'amount' },
        ),
      );
    }
    const created: FakeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      balance_transaction: `txn_${randomBytes(12).toString('hex')}`,
      charge: chargeIdOf(intent),
      created: Math.floor(Date.now() / 1000),
      currency: intent.currency,
      metadata: metadataOf(params),
      payment_intent: intent.id,
      reason: params.get('reason'),
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    fake.refunds.push(created);
    if (idempotencyKey) refundsByKey.set(idempotencyKey, created);
    return send(response, 200, created);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Stripe did not start');
  return Object.assign(fake, {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_secret_for_crow';

/** The settings that point the app's real Stripe SDK at this fake. */
export function fakeStripeSettings(fake: FakeStripe) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  };
}

const signer = new Stripe('sk_test_signer');

/** Delivers a webhook event about an intent as Stripe does: a new event id, signed with `secret`. */
export function sendStripeWebhook(
  app: FastifyInstance,
  type: string,
  intent: FakeIntent,
  secret = FAKE_STRIPE_WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    data: { object: intent },
  });
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}
