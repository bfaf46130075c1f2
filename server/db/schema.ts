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

// Tables of spec §3, with the keys, defaults and checks the product's rules rely on.
// Column names are snake_case in SQL; TypeScript names are camelCase.

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
    projectOverview: text('project_overview'),
    /** Total on the 77-point scale (decisions.md); 0 until the report is scored. */
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

export const PURCHASE_TYPES = ['new_report', 'existing_report'] as const;
export const PURCHASE_STATUSES = ['pending', 'completed', 'failed', 'expired'] as const;
export const PAYMENT_METHODS = ['card', 'cardano'] as const;

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
    amount: numeric('amount', { precision: 8, scale: 2 }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    cardanoPaymentId: integer('cardano_payment_id').references(() => cardanoPayments.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_purchases_payment_intent_key').on(t.stripePaymentIntentId),
    uniqueIndex('user_purchases_cardano_payment_key').on(t.cardanoPaymentId),
    index('user_purchases_user_idx').on(t.userId, t.createdAt),
    index('user_purchases_report_idx').on(t.reportId),
    check('user_purchases_type_check', sql`${t.purchaseType} in ('new_report', 'existing_report')`),
    check('user_purchases_status_check', sql`${t.status} in ('pending', 'completed', 'failed', 'expired')`),
    check('user_purchases_method_check', sql`${t.paymentMethod} in ('card', 'cardano')`),
    check(
      'user_purchases_payment_reference',
      sql`(${t.paymentMethod} = 'card' and ${t.stripePaymentIntentId} is not null) or (${t.paymentMethod} = 'cardano' and ${t.cardanoPaymentId} is not null)`,
    ),
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
