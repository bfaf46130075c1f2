import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type AccountSession,
  type ChangePasswordRequest,
  RESET_TOKEN_TTL_MINUTES,
  type ResetPasswordRequest,
} from '../../../contract/account';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { ADMIN_USER_ID } from '../../../contract/constants';
import { invoicePdfPath } from '../../../contract/invoices';
import type { AppContext } from '../../context';
import { forbidden, invalid, notFound, unauthenticated } from '../../domain/errors';
import { CREDIT_NOTE_PREFIX, documentNumber, INVOICE_PREFIX } from '../../domain/invoices';
import { closeOpenCheckouts } from '../../domain/open-checkouts';
import { passwordResetEmail } from '../../email/messages';
import { storeAndEnqueueEmail } from '../../email/outbox';
import { emailBrand } from '../../email/transport';
import { JOBS, sendJob } from '../../jobs/definitions';
import {
  anonymiseUser,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  exportUserData,
  findActiveUserById,
  findResetTokenForUpdate,
  insertResetToken,
  listActiveSessions,
  setPasswordHash,
  useUpResetTokens,
} from './account-repository';
import { apiDataExport } from './api-export';
import { hashPassword, verifyPassword } from './password';
import { findUserByEmail } from './repository';
import { describeUserAgent } from './user-agent';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The id shown in the sessions list: derived from the stored key, which never leaves the server. */
const publicSessionId = (sessionId: string) => sha256(`session-list:${sessionId}`).slice(0, 24);

/** What the services need of the session cache: ended sessions stop working at once, everywhere. */
export interface SessionRevoker {
  revoke(sessionId: string): Promise<void>;
}

async function revokeCached(sessions: SessionRevoker, sessionIds: string[]) {
  for (const id of sessionIds) await sessions.revoke(id);
}

/**
 * Creates a single-use reset link and queues its email, when the address belongs to an account.
 * The caller answers the same either way, so the answer says nothing about who has an account.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.deletedAt) return;
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await insertResetToken(tx, {
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    await storeAndEnqueueEmail(tx, ctx.queue, {
      kind: 'password_reset',
      to: user.email,
      userId: user.id,
      message: passwordResetEmail(emailBrand(ctx.config), {
        username: user.username,
        token,
        validMinutes: RESET_TOKEN_TTL_MINUTES,
      }),
    });
  });
}

/** Sets a new password from a reset link; the link is used up and every session ends. */
export async function resetPassword(sessions: SessionRevoker, ctx: AppContext, input: ResetPasswordRequest) {
  const passwordHash = await hashPassword(input.password);
  const ended = await ctx.db.transaction(async (tx) => {
    const token = await findResetTokenForUpdate(tx, sha256(input.token));
    if (!token) throw invalid(ACCOUNT_MESSAGES.resetTokenInvalid);
    if (token.usedAt) throw invalid(ACCOUNT_MESSAGES.resetTokenUsed);
    if (token.expiresAt.getTime() <= Date.now()) throw invalid(ACCOUNT_MESSAGES.resetTokenExpired);
    await useUpResetTokens(tx, token.userId);
    await setPasswordHash(tx, token.userId, passwordHash);
    return deleteSessionsOfUser(tx, token.userId);
  });
  await revokeCached(sessions, ended);
}

async function activeUserOrFail(ctx: AppContext, userId: number) {
  const user = await findActiveUserById(ctx.db, userId);
  if (!user) throw unauthenticated(AUTH_MESSAGES.notSignedIn);
  return user;
}

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(
  sessions: SessionRevoker,
  ctx: AppContext,
  userId: number,
  currentSessionId: string | null,
  input: ChangePasswordRequest,
) {
  const user = await activeUserOrFail(ctx, userId);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw invalid(ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  if (input.password === input.currentPassword) throw invalid(ACCOUNT_MESSAGES.samePassword);
  const passwordHash = await hashPassword(input.password);
  const ended = await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await useUpResetTokens(tx, user.id);
    return deleteSessionsOfUser(tx, user.id, currentSessionId);
  });
  await revokeCached(sessions, ended);
}

export async function listSessions(
  ctx: AppContext,
  userId: number,
  currentSessionId: string | null,
): Promise<AccountSession[]> {
  const rows = await listActiveSessions(ctx.db, userId, new Date());
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    browser: describeUserAgent(row.userAgent),
    current: row.id === currentSessionId,
  }));
}

export async function endSession(
  sessions: SessionRevoker,
  ctx: AppContext,
  userId: number,
  currentSessionId: string | null,
  publicId: string,
) {
  const rows = await listActiveSessions(ctx.db, userId, new Date());
  const target = rows.find((row) => publicSessionId(row.id) === publicId);
  if (!target) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
  if (target.id === currentSessionId) throw invalid(ACCOUNT_MESSAGES.cannotEndCurrent);
  if (await deleteSessionOfUser(ctx.db, userId, target.id)) await revokeCached(sessions, [target.id]);
}

export async function endOtherSessions(
  sessions: SessionRevoker,
  ctx: AppContext,
  userId: number,
  currentSessionId: string | null,
): Promise<number> {
  const ended = await deleteSessionsOfUser(ctx.db, userId, currentSessionId);
  await revokeCached(sessions, ended);
  return ended.length;
}

/**
 * "Download my data": the profile, sessions, purchases, payments, watchlist (with the "watch what
 * I buy" preference and the alerts raised), bug reports, invoices and API use (keys, credits,
 * webhooks), as JSON.
 */
export async function exportAccount(ctx: AppContext, userId: number, currentSessionId: string | null) {
  const user = await activeUserOrFail(ctx, userId);
  const [data, sessionList, api] = await Promise.all([
    exportUserData(ctx.db, userId),
    listSessions(ctx, userId, currentSessionId),
    apiDataExport(ctx.db, userId),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    exportedAt: new Date().toISOString(),
    service: ctx.config.APP_NAME,
    profile: { id: user.id, username: user.username, email: user.email, createdAt: iso(user.createdAt) },
    sessions: sessionList.map(({ createdAt, lastSeenAt, browser, current }) => ({
      createdAt,
      lastSeenAt,
      browser,
      current,
    })),
    // A checkout started and never paid took no money: listed apart, never beside the purchase it
    // was retried as, where it read as a second charge.
    purchases: data.purchases
      .filter((p) => p.status !== 'pending')
      .map((p) => ({
        id: p.id,
        type: p.purchaseType,
        assetName: p.assetName,
        reportId: p.reportId,
        amountUsd: p.amount,
        paymentMethod: p.paymentMethod,
        status: p.status,
        createdAt: iso(p.createdAt),
        completedAt: iso(p.completedAt),
      })),
    unpaidCheckouts: data.purchases
      .filter((p) => p.status === 'pending')
      .map((p) => ({
        id: p.id,
        type: p.purchaseType,
        assetName: p.assetName,
        paymentMethod: p.paymentMethod,
        startedAt: iso(p.createdAt),
        note: 'A checkout that was started and not paid: no money was taken.',
      })),
    cardanoPayments: data.payments.map((p) => ({
      id: p.id,
      address: p.address,
      amount: p.amount,
      currency: p.currency,
      usdAmount: p.usdAmount,
      status: p.status,
      createdAt: iso(p.createdAt),
      confirmedAt: iso(p.confirmedAt),
    })),
    watchlist: {
      watchOnPurchase: user.watchOnPurchase,
      // The unsubscribe token is left out: it is a credential of the email link, not data about the user.
      assets: data.watched.map((w) => ({
        assetId: w.assetId,
        assetName: w.assetName,
        addedAt: iso(w.createdAt),
      })),
      alerts: data.alerts.map((a) => ({
        assetId: a.assetId,
        reportId: a.reportId,
        previousReportId: a.previousReportId,
        summary: a.summary,
        emailed: a.emailed,
        createdAt: iso(a.createdAt),
        dismissedAt: iso(a.dismissedAt),
      })),
    },
    bugReports: data.bugs.map((b) => ({
      id: b.id,
      name: b.name,
      email: b.email,
      category: b.category,
      title: b.title,
      description: b.description,
      steps: b.steps,
      expected: b.expected,
      actual: b.actual,
      browser: b.browser,
      device: b.device,
      status: b.status,
      createdAt: iso(b.createdAt),
    })),
    invoices: data.invoices.map((i) => ({
      number: documentNumber(INVOICE_PREFIX, i.number),
      purchaseId: i.purchaseId,
      issuedAt: iso(i.issuedAt),
      description: i.description,
      currency: i.currency,
      total: i.totalAmount,
      net: i.netAmount,
      vat: i.vatAmount,
      vatRate: i.vatRate,
      vatCountry: i.vatCountry,
      vatTreatment: i.vatTreatment,
      buyerCountry: i.buyerCountry,
      buyerVatId: i.buyerVatId,
      paymentMethod: i.paymentMethod,
      paymentReference: i.paymentReference,
      cryptoCurrency: i.cryptoCurrency,
      cryptoAmount: i.cryptoAmount,
      usdRate: i.usdRate,
      rateAt: iso(i.rateAt),
      networkFee: i.networkFee,
      pdfUrl: invoicePdfPath('invoice', i.id),
    })),
    creditNotes: data.creditNotes.map((c) => ({
      number: documentNumber(CREDIT_NOTE_PREFIX, c.number),
      invoiceNumber: documentNumber(
        INVOICE_PREFIX,
        data.invoices.find((i) => i.id === c.invoiceId)?.number ?? 0,
      ),
      issuedAt: iso(c.issuedAt),
      reason: c.reason,
      currency: c.currency,
      total: c.totalAmount,
      net: c.netAmount,
      vat: c.vatAmount,
      pdfUrl: invoicePdfPath('credit_note', c.id),
    })),
    api,
  };
}

/**
 * Deletes the account after checking the password; purchases and payments stay, anonymised.
 * Open checkouts are closed in the same transaction and their card intents cancelled.
 */
export async function deleteAccount(
  sessions: SessionRevoker,
  ctx: AppContext,
  userId: number,
  password: string,
) {
  if (userId === ADMIN_USER_ID) throw forbidden(ACCOUNT_MESSAGES.adminCannotDelete);
  const user = await activeUserOrFail(ctx, userId);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw invalid(ACCOUNT_MESSAGES.passwordWrongForDelete);
  }
  const ended = await ctx.db.transaction(async (tx) => {
    // Open checkouts close first: a payment that still arrives is refunded, never kept.
    const closed = await closeOpenCheckouts(tx, userId);
    if (closed.cardIntents.length > 0) {
      // The reconciliation cycle cancels the recorded intents; run one now rather than within the minute.
      await sendJob(ctx.queue, JOBS.cardReconcile, {}, { db: tx });
    }
    const sessionIds = await deleteSessionsOfUser(tx, userId);
    await anonymiseUser(tx, userId);
    return sessionIds;
  });
  await revokeCached(sessions, ended);
}
