import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { EmailBrand } from './messages';

// How mail leaves the process. SMTP_URL set: nodemailer over SMTP. Otherwise the sandbox keeps
// messages in the development outbox (PostgreSQL, /dev/outbox); production without SMTP sends none.

export type MailTransportKind = 'smtp' | 'outbox' | 'none';

/** The one place that decides whether the development outbox may be used or shown. */
export function developmentOutboxAllowed(config: Config): boolean {
  return config.sandboxAllowed;
}

export function mailTransportKind(config: Config): MailTransportKind {
  if (config.SMTP_URL) return 'smtp';
  return developmentOutboxAllowed(config) ? 'outbox' : 'none';
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The address a mail client POSTs to for a one-click unsubscribe (RFC 8058). */
  listUnsubscribeUrl?: string | null;
}

/** List-Unsubscribe with its one-click companion: mail clients show an "Unsubscribe" button that POSTs. */
export function unsubscribeHeaders(url: string | null | undefined): Record<string, string> {
  if (!url) return {};
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface MailSender {
  kind: MailTransportKind;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailSender(config: Config): MailSender {
  const kind = mailTransportKind(config);
  if (kind !== 'smtp' || !config.SMTP_URL) {
    return { kind, send: async () => {}, close: () => {} };
  }
  // Bounded waits: a hung server fails the attempt well before the job expires and is retried,
  // so an attempt still running can never overlap its retry and send twice.
  const transporter: Transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind,
    async send(mail) {
      await transporter.sendMail({
        from: config.EMAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: unsubscribeHeaders(mail.listUnsubscribeUrl),
      });
    },
    close: () => transporter.close(),
  };
}

/** Links in emails use PUBLIC_URL, never a request's Host header (which a caller controls). */
export function emailBrand(config: Config): EmailBrand {
  return {
    appName: config.APP_NAME,
    baseUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    supportEmail: config.SUPPORT_EMAIL,
  };
}
