import { FINANCIAL_DISCLAIMER } from '../../contract/constants';

// The texts of every email, as plain text and HTML. Pure functions: no database, no clock.
// Calm and precise; each message ends with the financial disclaimer, as every page does.

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Sent as List-Unsubscribe with List-Unsubscribe-Post (one click, RFC 8058): a POST to it unsubscribes. */
  listUnsubscribeUrl?: string;
}

export interface EmailBrand {
  appName: string;
  /** Absolute origin for links, without a trailing slash. */
  baseUrl: string;
  supportEmail: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Asset names are typed by customers: one line, bounded, before they go into a subject. */
const oneLine = (value: string, max = 60) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

interface Block {
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** Label/value pairs shown as a small table (receipt). */
  facts?: [string, string][];
  link?: { label: string; url: string };
  /** Said after the link. */
  closing?: string[];
}

function render(brand: EmailBrand, subject: string, greeting: string, block: Block): RenderedEmail {
  const text = [
    greeting,
    '',
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.facts ? [...block.facts.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(block.link ? [`${block.link.label}: ${block.link.url}`, ''] : []),
    ...(block.closing ?? []).flatMap((p) => [p, '']),
    `— ${brand.appName}`,
    '',
    '--',
    FINANCIAL_DISCLAIMER,
    `Questions: ${brand.supportEmail}`,
  ].join('\n');

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const facts = block.facts
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${block.facts
        .map(
          ([k, v]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const link = block.link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link.url)}" style="color:#1d4ed8">${escapeHtml(block.link.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${p(greeting)}${block.paragraphs.map(p).join('')}${facts}${link}${(block.closing ?? []).map(p).join('')}<p style="margin:0 0 24px">— ${escapeHtml(brand.appName)}</p><hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#4b5563">${escapeHtml(FINANCIAL_DISCLAIMER)}<br>Questions: <a href="mailto:${escapeHtml(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a></p></body></html>`;
  return { subject, text, html };
}

export function passwordResetEmail(
  brand: EmailBrand,
  input: { username: string; token: string; validMinutes: number },
): RenderedEmail {
  const url = `${brand.baseUrl}/reset-password?token=${encodeURIComponent(input.token)}`;
  return render(brand, `Reset your ${brand.appName} password`, `Hello ${input.username},`, {
    paragraphs: [
      'Someone, probably you, asked to reset the password of your account. Use the link below to choose a new one.',
      `The link works once and for ${input.validMinutes} minutes. Setting a new password signs you out everywhere.`,
    ],
    link: { label: 'Choose a new password', url },
    closing: ['If you did not ask for this, you can ignore this message: your password stays as it is.'],
  });
}

export function receiptEmail(
  brand: EmailBrand,
  input: {
    username: string;
    purchaseId: number;
    what: string;
    amountUsd: string;
    method: string;
    paidAt: Date;
    reportId: number | null;
    /** The purchase's invoice (decision 0300): its number and the path of its PDF. */
    invoice?: { number: string; pdfPath: string } | null;
  },
): RenderedEmail {
  const url = input.reportId ? `${brand.baseUrl}/report/${input.reportId}` : `${brand.baseUrl}/dashboard`;
  return render(brand, `Your ${brand.appName} receipt`, `Hello ${input.username},`, {
    paragraphs: ['Thank you for your purchase. This is your receipt.'],
    facts: [
      ['Receipt', `#${input.purchaseId}`],
      ...(input.invoice ? [['Invoice', input.invoice.number] as [string, string]] : []),
      ['Item', oneLine(input.what, 120)],
      ['Amount', `$${input.amountUsd} USD`],
      ['Payment method', input.method],
      ['Date', `${input.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
    ],
    link: { label: 'Open your report', url },
    closing: input.invoice
      ? [
          `Your invoice ${input.invoice.number} (PDF, while signed in): ${brand.baseUrl}${input.invoice.pdfPath}. All your invoices and credit notes are on your account page: ${brand.baseUrl}/account`,
        ]
      : [],
  });
}

export function refundEmail(
  brand: EmailBrand,
  input: {
    username: string;
    refundId: number;
    what: string;
    amountUsd: string;
    /** How the money goes back, in one sentence. */
    returnedHow: string;
    /** The credit note issued with the refund (decision 0300) and the invoice it credits. */
    creditNote: { number: string; pdfPath: string; invoiceNumber: string } | null;
  },
): RenderedEmail {
  return render(brand, `Your ${brand.appName} refund`, `Hello ${input.username},`, {
    paragraphs: [`We are refunding your payment for ${oneLine(input.what, 120)}.`, input.returnedHow],
    facts: [
      ['Refund', `#${input.refundId}`],
      ...(input.creditNote
        ? [
            ['Credit note', input.creditNote.number] as [string, string],
            ['Credits invoice', input.creditNote.invoiceNumber] as [string, string],
          ]
        : []),
      ['Amount', `$${input.amountUsd} USD`],
    ],
    ...(input.creditNote
      ? {
          link: {
            label: `Your credit note ${input.creditNote.number} (PDF, while signed in)`,
            url: `${brand.baseUrl}${input.creditNote.pdfPath}`,
          },
        }
      : {}),
    closing: [`All your invoices and credit notes are on your account page: ${brand.baseUrl}/account`],
  });
}

export function reportReadyEmail(
  brand: EmailBrand,
  input: { username: string; assetName: string; reportId: number },
): RenderedEmail {
  const asset = oneLine(input.assetName);
  return render(brand, `Your ${asset} report is ready`, `Hello ${input.username},`, {
    paragraphs: [
      `The research on ${asset} is complete. Your report, its scores and its sources are ready to read.`,
    ],
    link: { label: `Read the ${asset} report`, url: `${brand.baseUrl}/report/${input.reportId}` },
  });
}

export function researchFailedEmail(
  brand: EmailBrand,
  input: { username: string; assetName: string; reportId: number; amountUsd: string | null },
): RenderedEmail {
  const asset = oneLine(input.assetName);
  return render(brand, `Your ${asset} report could not be completed`, `Hello ${input.username},`, {
    paragraphs: [
      `The research on ${asset} stopped after several attempts, so your report is not ready.`,
      `Our team sees every failed report and will either run the research again or refund your payment${input.amountUsd ? ` of $${input.amountUsd}` : ''}. You do not need to do anything; we will write to you when it is settled.`,
    ],
    link: { label: 'See the report status', url: `${brand.baseUrl}/report/${input.reportId}` },
    closing: [`If you have a question, reply to ${brand.supportEmail}.`],
  });
}

export function watchAlertEmail(
  brand: EmailBrand,
  input: {
    username: string;
    assetName: string;
    version: number;
    /** One sentence: what moved (risk level, total). */
    summary: string;
    unsubscribeToken: string;
  },
): RenderedEmail {
  const asset = oneLine(input.assetName);
  const unsubscribe = `${brand.baseUrl}/watchlist/unsubscribe?token=${encodeURIComponent(input.unsubscribeToken)}`;
  const rendered = render(
    brand,
    `${asset}: version ${input.version} of its report changes the picture`,
    `Hello ${input.username},`,
    {
      paragraphs: [
        `You watch ${asset}. A new version of its research report (version ${input.version}) has been completed.`,
        input.summary,
        'Your dashboard shows what changed, category by category, for the versions you own; the full new version is for sale at the existing-report price.',
      ],
      link: { label: 'Open your dashboard', url: `${brand.baseUrl}/dashboard` },
      closing: [`To stop these emails about ${asset}, use this link (no sign-in needed): ${unsubscribe}`],
    },
  );
  return { ...rendered, listUnsubscribeUrl: unsubscribe };
}
