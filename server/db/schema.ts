import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { BUG_CATEGORIES, BUG_STATUSES } from '../../contract/bug-reports';
import { CARDANO_INCOMING_CLASSIFICATIONS } from '../../contract/cardano';
import { REFUND_REASONS, REFUND_STATUSES } from '../../contract/purchases';

// The tables, with the keys, defaults and checks the product's rules rely on.
// Column names are snake_case in SQL; TypeScript names are camelCase.

/** Why a card payment intent is to be cancelled (table abandoned_card_intents). */
export const ABANDONED_INTENT_REASONS = [
  'concurrent_checkout',
  'account_deleted',
  'checkout_expired',
] as const;

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 30 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    /** Buying a report puts its asset on the watchlist unless the user turned this off. */
    watchOnPurchase: boolean('watch_on_purchase').notNull().default(true),
    /** Set when the owner deleted the account: the row stays, anonymised, so purchases keep a buyer. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself is only ever in the user's cookie. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** Written at most every few minutes per session (see features/auth/sessions), not per request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in, shortened; shown in the account's sessions list. */
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const REPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

export const researchReports = pgTable(
  'research_reports',
  {
    id: serial('id').primaryKey(),
    assetName: text('asset_name').notNull(),
    /** Canonical asset id from asset resolution, or null for an asset the sources do not know. */
    assetId: text('asset_id'),
    /** What the asset is (layer1, token, stablecoin, meme…), for the peer comparison. */
    assetKind: text('asset_kind'),
    projectOverview: text('project_overview'),
    /** Total on the 77-point scale; 0 until the report is scored. */
    compositeScore: numeric('composite_score', { precision: 4, scale: 2 }).notNull().default('0'),
    scores: jsonb('scores').notNull().default({}),
    researchData: jsonb('research_data').notNull().default({}),
    reportContent: text('report_content'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    isPublic: boolean('is_public').notNull().default(false),
    methodologyVersion: text('methodology_version'),
    failureReason: text('failure_reason'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'research_reports_status_check',
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`,
    ),
    check('research_reports_composite_range', sql`${t.compositeScore} >= 0 and ${t.compositeScore} <= 77`),
    index('research_reports_public_idx').on(t.isPublic, t.status),
    index('research_reports_asset_idx').on(t.assetId, t.completedAt),
  ],
);

export const PROGRESS_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

export const researchProgress = pgTable(
  'research_progress',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => researchReports.id, { onDelete: 'cascade' }),
    /** Methodology category key (marketCap, volumeX2, ...): one row per category and report. */
    categoryKey: text('category_key').notNull(),
    agentName: text('agent_name').notNull(),
    status: text('status', { enum: PROGRESS_STATUSES }).notNull().default('pending'),
    score: numeric('score', { precision: 4, scale: 2 }),
    /** Findings, detailed analysis and the sources they cite. */
    researchData: jsonb('research_data'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('research_progress_report_category_key').on(t.reportId, t.categoryKey),
    check('research_progress_score_range', sql`${t.score} is null or (${t.score} >= 1 and ${t.score} <= 5)`),
    check(
      'research_progress_status_check',
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`,
    ),
  ],
);

/** The stored PDF of a report: rendered once, re-rendered when missing or the methodology changed. */
export const reportPdfs = pgTable('report_pdfs', {
  reportId: integer('report_id')
    .primaryKey()
    .references(() => researchReports.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  methodologyVersion: text('methodology_version').notNull(),
  renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
});

/** credit_pack: prepaid API credits (decision 0283), bought through the same checkouts. */
export const PURCHASE_TYPES = ['new_report', 'existing_report', 'credit_pack'] as const;
/** refunded: the money was (or is being) returned; a refunded purchase grants no access. */
export const PURCHASE_STATUSES = ['pending', 'completed', 'failed', 'expired', 'refunded'] as const;
/** credits: a new report bought through the API with one prepaid credit; x402: paid per call on Cardano. */
export const PAYMENT_METHODS = ['card', 'cardano', 'credits', 'x402'] as const;

export const cardanoPayments = pgTable(
  'cardano_payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').references(() => researchReports.id, { onDelete: 'set null' }),
    /** Derivation index of the receive address under the account key: unique, never reused. */
    derivationIndex: integer('derivation_index').notNull(),
    address: text('address').notNull(),
    /** Expected amount in display units (ADA or whole tokens). */
    amount: numeric('amount', { precision: 18, scale: 6 }).notNull(),
    /** Expected amount in base units (lovelace or token units) as an integer string. */
    expectedQuantity: numeric('expected_quantity', { precision: 38, scale: 0 }).notNull(),
    receivedQuantity: numeric('received_quantity', { precision: 38, scale: 0 }).notNull().default('0'),
    currency: text('currency', { enum: ['ADA', 'NATIVE_TOKEN'] }).notNull(),
    policyId: text('policy_id'),
    /** Hex-encoded token asset name (NATIVE_TOKEN only). */
    assetName: text('asset_name'),
    description: text('description').notNull(),
    qrCode: text('qr_code'),
    usdAmount: numeric('usd_amount', { precision: 8, scale: 2 }).notNull(),
    /** USD price of one ADA used for the quote (null for the fixed-amount token). */
    quotedUsdPrice: numeric('quoted_usd_price', { precision: 18, scale: 8 }),
    status: text('status', { enum: ['pending', 'confirmed', 'expired'] })
      .notNull()
      .default('pending'),
    paidLate: boolean('paid_late').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cardano_payments_derivation_index_key').on(t.derivationIndex),
    uniqueIndex('cardano_payments_address_key').on(t.address),
    index('cardano_payments_user_idx').on(t.userId),
    index('cardano_payments_open_idx').on(t.status, t.expiresAt),
    check('cardano_payments_currency_check', sql`${t.currency} in ('ADA', 'NATIVE_TOKEN')`),
    check('cardano_payments_status_check', sql`${t.status} in ('pending', 'confirmed', 'expired')`),
    check('cardano_payments_amount_min', sql`${t.amount} >= 0.001`),
  ],
);

/**
 * Every transaction seen paying into one of our receive addresses, classified so no money is only
 * logged: payment (counts toward the amount owed), late (after the late-payment window, by block
 * time), duplicate (after the payment was confirmed), surplus (what an over-payment left over).
 */
export const cardanoIncomingTransactions = pgTable(
  'cardano_incoming_transactions',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => cardanoPayments.id, { onDelete: 'cascade' }),
    txHash: text('tx_hash').notNull(),
    /** Base units of `unit` (lovelace or token units) as an integer string. */
    quantity: numeric('quantity', { precision: 38, scale: 0 }).notNull(),
    unit: text('unit').notNull(),
    blockHeight: integer('block_height').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    /** Address of the transaction's first input: where a refund would go. */
    senderAddress: text('sender_address'),
    /**
     * The fee the transaction paid, in lovelace (the buyer's: decision 0310); null on the sandbox
     * chain and for transactions recorded before migration 0014.
     */
    feeLovelace: numeric('fee_lovelace', { precision: 38, scale: 0 }),
    classification: text('classification', { enum: CARDANO_INCOMING_CLASSIFICATIONS }).notNull(),
    recordedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cardano_incoming_tx_key').on(t.paymentId, t.txHash, t.classification),
    index('cardano_incoming_classification_idx').on(t.classification, t.recordedAt),
    check(
      'cardano_incoming_classification_check',
      sql`${t.classification} in ('payment', 'late', 'duplicate', 'surplus')`,
    ),
  ],
);

/** Sandbox only: the simulated chain's outputs (shared by every process; the id is the block height). */
export const cardanoSandboxOutputs = pgTable(
  'cardano_sandbox_outputs',
  {
    id: serial('id').primaryKey(),
    txHash: text('tx_hash').notNull(),
    address: text('address').notNull(),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 38, scale: 0 }).notNull(),
    senderAddress: text('sender_address').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cardano_sandbox_outputs_tx_key').on(t.txHash)],
);

export const userPurchases = pgTable(
  'user_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a new_report purchase until payment completes and the report row exists. */
    reportId: integer('report_id').references(() => researchReports.id, { onDelete: 'set null' }),
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }).notNull(),
    assetName: text('asset_name').notNull(),
    /** The asset the buyer picked (canonical id); null when they confirmed an unknown name. */
    assetId: text('asset_id'),
    amount: numeric('amount', { precision: 8, scale: 2 }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    cardanoPaymentId: integer('cardano_payment_id').references(() => cardanoPayments.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** A credit pack's number of credits, fixed when it was sold (null for reports). */
    credits: integer('credits'),
    /** The API caller's Idempotency-Key: a retried POST /api/v1/reports finds this purchase. */
    idempotencyKey: text('idempotency_key'),
    /** When the card reconciliation job last asked the provider about this pending purchase. */
    lastReconciledAt: timestamp('last_reconciled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_purchases_payment_intent_key').on(t.stripePaymentIntentId),
    // One purchase per report per buyer: at most one open or completed purchase of a report.
    uniqueIndex('user_purchases_one_per_report_key')
      .on(t.userId, t.reportId)
      .where(sql`${t.reportId} is not null and ${t.status} in ('pending', 'completed')`),
    index('user_purchases_pending_card_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.paymentMethod} = 'card'`),
    uniqueIndex('user_purchases_cardano_payment_key').on(t.cardanoPaymentId),
    // One purchase per key and buyer, enforced by the database so concurrent retries cannot both insert.
    uniqueIndex('user_purchases_idempotency_key').on(t.userId, t.idempotencyKey),
    index('user_purchases_user_idx').on(t.userId, t.createdAt),
    index('user_purchases_report_idx').on(t.reportId),
    check(
      'user_purchases_type_check',
      sql`${t.purchaseType} in ('new_report', 'existing_report', 'credit_pack')`,
    ),
    check(
      'user_purchases_credits_check',
      sql`(${t.purchaseType} = 'credit_pack') = (${t.credits} is not null and ${t.credits} > 0)`,
    ),
    check(
      'user_purchases_status_check',
      sql`${t.status} in ('pending', 'completed', 'failed', 'expired', 'refunded')`,
    ),
    check('user_purchases_method_check', sql`${t.paymentMethod} in ('card', 'cardano', 'credits', 'x402')`),
    check(
      'user_purchases_payment_reference',
      sql`(${t.paymentMethod} = 'card' and ${t.stripePaymentIntentId} is not null) or (${t.paymentMethod} = 'cardano' and ${t.cardanoPaymentId} is not null) or (${t.paymentMethod} in ('credits', 'x402') and ${t.purchaseType} = 'new_report')`,
    ),
  ],
);

/**
 * Money returned to a buyer: at most one refund per purchase (the unique key makes it idempotent).
 * Status pending: to be sent to the card provider; succeeded / failed: the provider's answer;
 * due: a Cardano refund a person sends from the wallet (recorded, never automatic).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => userPurchases.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** The purchase's price in USD. */
    usdAmount: numeric('usd_amount', { precision: 8, scale: 2 }).notNull(),
    /** What goes back: 'usd' for card, ADA or NATIVE_TOKEN for Cardano. */
    currency: text('currency').notNull(),
    /** In the currency's base units: cents, lovelace or token units (integer string). */
    quantity: numeric('quantity', { precision: 38, scale: 0 }).notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** The provider's refund id once it accepted the refund. */
    stripeRefundId: text('stripe_refund_id'),
    cardanoPaymentId: integer('cardano_payment_id').references(() => cardanoPayments.id, {
      onDelete: 'set null',
    }),
    /** Where a Cardano refund is sent: the sender of the payment, when known. */
    destinationAddress: text('destination_address'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_purchase_key').on(t.purchaseId),
    index('refunds_status_idx').on(t.status),
    check(
      'refunds_reason_check',
      sql`${t.reason} in ('duplicate_payment', 'research_failed', 'account_deleted')`,
    ),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'due')`),
    check('refunds_method_check', sql`${t.paymentMethod} in ('card', 'cardano', 'credits', 'x402')`),
  ],
);

// Bug statuses and categories come from the contract (one list for client, server and database).

export const bugReports = pgTable(
  'bug_reports',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    category: text('category', { enum: BUG_CATEGORIES }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull(),
    steps: text('steps'),
    expected: text('expected'),
    actual: text('actual'),
    browser: varchar('browser', { length: 300 }),
    device: varchar('device', { length: 300 }),
    status: text('status', { enum: BUG_STATUSES }).notNull().default('open'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bug_reports_created_idx').on(t.createdAt),
    check('bug_reports_status_check', sql`${t.status} in ('open', 'investigating', 'resolved', 'closed')`),
    check(
      'bug_reports_category_check',
      sql`${t.category} is null or ${t.category} in ('payment', 'research', 'authentication', 'ui', 'performance', 'data', 'other')`,
    ),
  ],
);

/** Password reset links: only the SHA-256 of the token is stored; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

export const EMAIL_KINDS = [
  'password_reset',
  'receipt',
  'refund',
  'report_ready',
  'research_failed',
  'watch_alert',
] as const;
export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const EMAIL_TRANSPORTS = ['smtp', 'outbox', 'none'] as const;

/**
 * Every email the service sends, written in the same transaction as the event it reports and
 * delivered by a job. With SMTP the body is erased once sent; the development outbox keeps it.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    /** One message per event (e.g. receipt-purchase-12): a repeated event sends nothing twice. */
    dedupeKey: text('dedupe_key'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** The one-click unsubscribe address sent as List-Unsubscribe (alert emails). */
    listUnsubscribeUrl: text('list_unsubscribe_url'),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    transport: text('transport', { enum: EMAIL_TRANSPORTS }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_messages_dedupe_key').on(t.dedupeKey),
    index('email_messages_created_idx').on(t.createdAt),
    index('email_messages_user_idx').on(t.userId),
    check('email_messages_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/**
 * Payment intents of the labelled card sandbox (zero-config runs only, refused in production).
 * In the database, not in process memory, so a sandbox payment started on one web process can
 * be paid on another.
 */
export const sandboxCardIntents = pgTable('sandbox_card_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  clientSecret: text('client_secret').notNull(),
  status: text('status').notNull(),
  /** Smallest currency unit (cents). */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  lastErrorMessage: text('last_error_message'),
  /** The issuing country of the test card that paid (VAT evidence, as Stripe's charge gives it). */
  cardCountry: text('card_country'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Card payment intents nobody may pay any more: the losers of concurrent checkouts (never shown
 * to a browser), the open checkouts of a deleted account and checkouts abandoned for a day. The
 * reconciliation job cancels each at the provider; `settledAt` is set once the provider answered
 * for good (canceled, already paid, or unknown to it).
 */
export const abandonedCardIntents = pgTable(
  'abandoned_card_intents',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    reason: text('reason', { enum: ABANDONED_INTENT_REASONS }).notNull(),
    /** canceled | succeeded (paid before the cancel arrived) | missing (the provider has no such intent). */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('abandoned_card_intents_open_idx').on(t.createdAt).where(sql`${t.settledAt} is null`),
    check(
      'abandoned_card_intents_reason_check',
      sql`${t.reason} in ('concurrent_checkout', 'account_deleted', 'checkout_expired')`,
    ),
  ],
);

/**
 * Assets a user follows: a new version of a followed asset's report that moves its risk level or
 * its total by enough is announced by email and on the dashboard. The token lets the email's
 * unsubscribe link work without signing in (only its SHA-256 would add nothing: it grants no more
 * than removing this one row).
 */
export const watchlistEntries = pgTable(
  'watchlist_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: text('asset_id').notNull(),
    /** The asset's name when it was added, for the list (the newest report's name wins on display). */
    assetName: text('asset_name').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watchlist_entries_user_asset_key').on(t.userId, t.assetId),
    uniqueIndex('watchlist_entries_token_key').on(t.unsubscribeToken),
    index('watchlist_entries_asset_idx').on(t.assetId),
  ],
);

/**
 * One alert per watcher per new version (the unique key makes the alert job idempotent): the
 * dashboard notice, and whether an email went out or the daily email limit held it back.
 */
export const watchAlerts = pgTable(
  'watch_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => researchReports.id, { onDelete: 'cascade' }),
    previousReportId: integer('previous_report_id').references(() => researchReports.id, {
      onDelete: 'set null',
    }),
    assetId: text('asset_id').notNull(),
    /** One sentence: what moved (risk level, total). */
    summary: text('summary').notNull(),
    emailed: boolean('emailed').notNull().default(false),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watch_alerts_user_report_key').on(t.userId, t.reportId),
    index('watch_alerts_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * API keys (decision 0280). Only the SHA-256 of the whole key is stored; the prefix (its public
 * start) finds the row. A key replaced by rotation keeps working until expires_at.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_prefix_key').on(t.prefix), index('api_keys_user_idx').on(t.userId)],
);

/** Requests per key and UTC day, for the account page. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [uniqueIndex('api_key_usage_key_day').on(t.keyId, t.day)],
);

/** A user's prepaid API credits (decision 0283); the check keeps the balance from going below zero. */
export const apiCreditBalances = pgTable(
  'api_credit_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('api_credit_balances_not_negative', sql`${t.balance} >= 0`)],
);

export const CREDIT_ENTRY_REASONS = ['pack_bought', 'report_bought', 'research_failed'] as const;

/** Every change of a credit balance, with the purchase behind it; one entry per purchase and reason. */
export const apiCreditEntries = pgTable(
  'api_credit_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: CREDIT_ENTRY_REASONS }).notNull(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => userPurchases.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_credit_entries_purchase_reason_key').on(t.purchaseId, t.reason),
    index('api_credit_entries_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A key owner's HTTPS endpoints; the whsec_ secret signs each delivery (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** Kept as is: signing needs the secret itself, not a hash of it. */
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One message per endpoint and event; each attempt's answer is logged on the row. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header: the same on every retry, so receivers can drop duplicates. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastResponse: text('last_response'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_message_key').on(t.endpointId, t.messageId),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/**
 * Cardano transactions that paid an x402 call (decision 0285): the unique hash makes the same
 * signed transaction pay at most once.
 */
export const x402Payments = pgTable('x402_payments', {
  id: serial('id').primaryKey(),
  txHash: text('tx_hash').notNull().unique(),
  purchaseId: integer('purchase_id')
    .notNull()
    .references(() => userPurchases.id, { onDelete: 'cascade' }),
  network: text('network').notNull(),
  payTo: text('pay_to').notNull(),
  /** The ADA the outputs to pay_to carried. */
  lovelace: numeric('lovelace', { precision: 38, scale: 0 }).notNull(),
  /** What paid (decision 0286): 'lovelace', or the CROW token as "<policy id>.<asset name hex>". */
  unit: text('unit').notNull().default('lovelace'),
  /** How much of `unit` the outputs to pay_to carried. */
  quantity: numeric('quantity', { precision: 38, scale: 0 }).notNull(),
  /** USD per ADA (the quote the price was checked at) or per CROW (fixed price); null before migration 0013. */
  usdRate: numeric('usd_rate', { precision: 24, scale: 10 }),
  /** When that rate was taken: the moment the payment was checked. */
  rateAt: timestamp('rate_at', { withTimezone: true }),
  /**
   * The fee the transaction paid, in lovelace, from the chain once a block holds it (the payer's:
   * decision 0310); null on the sandbox chain, while only in the mempool, and before migration 0014.
   */
  feeLovelace: numeric('fee_lovelace', { precision: 38, scale: 0 }),
  createdAt: createdAt(),
});

// The merchant's books (decisions 0300-0303): invoices and credit notes in gap-free series,
// the tax evidence captured at checkout. Issued documents are never changed (a trigger refuses
// UPDATE and DELETE on both tables: migration 0010).

/** The last number issued in each series; incremented in the issuing transaction (no gaps). */
export const documentCounters = pgTable('document_counters', {
  series: text('series', { enum: ['invoice', 'credit_note'] }).primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** What the buyer said and where the request came from at checkout: the place-of-supply evidence. */
export const purchaseTaxEvidence = pgTable('purchase_tax_evidence', {
  purchaseId: integer('purchase_id')
    .primaryKey()
    .references(() => userPurchases.id, { onDelete: 'cascade' }),
  /** ISO 3166-1 alpha-2 the buyer chose at checkout. */
  statedCountry: text('stated_country'),
  /** From the trusted proxy's country header (CF-IPCountry), only behind a trusted proxy. */
  ipCountry: text('ip_country'),
  ipAddress: text('ip_address'),
  /** The card's issuing country, recorded when the card provider reports the payment. */
  cardCountry: text('card_country'),
  /** An EU business buyer's VAT number as typed, and what VIES answered at checkout. */
  vatId: text('vat_id'),
  viesStatus: text('vies_status', { enum: ['valid', 'invalid', 'unavailable'] }),
  viesCountry: text('vies_country'),
  viesCheckedAt: timestamp('vies_checked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** The gap-free number in the invoice series. */
    number: integer('number').notNull(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => userPurchases.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    sellerCountry: text('seller_country').notNull(),
    sellerVatId: text('seller_vat_id'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerCountry: text('buyer_country'),
    buyerVatId: text('buyer_vat_id'),
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    totalAmount: numeric('total_amount', { precision: 10, scale: 2 }).notNull(),
    netAmount: numeric('net_amount', { precision: 10, scale: 2 }).notNull(),
    vatAmount: numeric('vat_amount', { precision: 10, scale: 2 }).notNull(),
    /** Percent, e.g. 21.00 (0 under reverse charge or outside the EU). */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    /** The country whose VAT applies (null: no EU VAT). */
    vatCountry: text('vat_country'),
    vatTreatment: text('vat_treatment', {
      enum: ['eu_vat', 'reverse_charge', 'outside_eu'],
    }).notNull(),
    /** Which dataset row the rate came from (dataset, commit, effective date). */
    vatRateSource: text('vat_rate_source'),
    /** Every piece of place-of-supply evidence and the rule that decided (decision 0302). */
    evidence: jsonb('evidence').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    /** Card payment intent id, or the Cardano transaction hash. */
    paymentReference: text('payment_reference'),
    /** Cardano only: what was paid (ADA or CROW in display units), the USD rate and its time. */
    cryptoCurrency: text('crypto_currency'),
    cryptoAmount: numeric('crypto_amount', { precision: 24, scale: 6 }),
    usdRate: numeric('usd_rate', { precision: 24, scale: 10 }),
    rateAt: timestamp('rate_at', { withTimezone: true }),
    /** Cardano only: the ADA the buyer's transactions paid the network, when the chain gave it (decision 0310). */
    networkFee: numeric('network_fee', { precision: 24, scale: 6 }),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_purchase_key').on(t.purchaseId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    index('invoices_issued_idx').on(t.issuedAt),
  ],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
    currency: text('currency').notNull(),
    /** Credited amounts, positive: the whole invoice is credited (refunds are always full). */
    totalAmount: numeric('total_amount', { precision: 10, scale: 2 }).notNull(),
    netAmount: numeric('net_amount', { precision: 10, scale: 2 }).notNull(),
    vatAmount: numeric('vat_amount', { precision: 10, scale: 2 }).notNull(),
    cryptoCurrency: text('crypto_currency'),
    cryptoAmount: numeric('crypto_amount', { precision: 24, scale: 6 }),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    uniqueIndex('credit_notes_refund_key').on(t.refundId),
    index('credit_notes_user_idx').on(t.userId, t.issuedAt),
  ],
);

/** Each time a buyer opened a report page or downloaded its PDF (dispute evidence, decision 0304). */
export const reportAccessLog = pgTable(
  'report_access_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => researchReports.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['view', 'pdf_download'] }).notNull(),
    ipAddress: text('ip_address'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_access_log_user_report_idx').on(t.userId, t.reportId, t.at)],
);

/** Card disputes as Stripe reports them (charge.dispute.* webhooks), and the evidence we sent once. */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    stripeDisputeId: text('stripe_dispute_id').notNull(),
    stripeChargeId: text('stripe_charge_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    purchaseId: integer('purchase_id').references(() => userPurchases.id),
    /** In the currency's minor units (cents). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /** Stripe's dispute status (needs_response, under_review, won, lost, …). */
    status: text('status').notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true }),
    evidence: jsonb('evidence'),
    /** Set when a lost dispute ended the buyer's access to the report. */
    accessRevokedAt: timestamp('access_revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('disputes_stripe_dispute_key').on(t.stripeDisputeId)],
);
