import { stringify } from 'csv-stringify/sync';
import type { BooksExportKind } from '../../../contract/books-exports';
import type { AppContext } from '../../context';
import {
  CREDIT_NOTE_PREFIX,
  CREDIT_REFUND_LABEL,
  documentNumber,
  INVOICE_PREFIX,
  refundedAsCredit,
} from '../../domain/invoices';
import { fromCents, toCents } from '../../domain/money';
import { EU_COUNTRIES } from '../../domain/tax/vat-rates';
import { creditNotesIssuedBetween, invoicesIssuedBetween } from './repository';

// The same money in the shapes an accountant imports (decision 0303). One entry per invoice
// (money in) and per credit note (money out, negative), all in the invoices' fiat currency.

interface Entry {
  date: Date;
  number: string;
  purchaseId: number;
  method: string;
  /** A refund given back as an API credit: no money left any wallet or card account. */
  asCredit: boolean;
  reference: string;
  crypto: string;
  cryptoAmount: string;
  /** ADA the buyer's transactions paid the network; empty when none is known (decision 0310). */
  networkFee: string;
  currency: string;
  /** Signed: positive for a sale, negative for a refund. */
  totalCents: number;
  netCents: number;
  vatCents: number;
  usdRate: string;
  rateAt: string;
  vatCountry: string;
  vatRate: string;
  treatment: string;
  sellerCountry: string;
  status: string;
  description: string;
  buyer: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

async function entriesBetween(ctx: AppContext, from: Date, to: Date): Promise<Entry[]> {
  const [sold, credited] = await Promise.all([
    invoicesIssuedBetween(ctx.db, from, to),
    creditNotesIssuedBetween(ctx.db, from, to),
  ]);
  const entries: Entry[] = sold.map(({ invoice, purchaseStatus }) => ({
    date: invoice.issuedAt,
    number: documentNumber(INVOICE_PREFIX, invoice.number),
    purchaseId: invoice.purchaseId,
    method: invoice.paymentMethod,
    asCredit: false,
    reference: invoice.paymentReference ?? '',
    crypto: invoice.cryptoCurrency ?? '',
    cryptoAmount: invoice.cryptoAmount ?? '',
    networkFee: invoice.networkFee ?? '',
    currency: invoice.currency,
    totalCents: toCents(invoice.totalAmount),
    netCents: toCents(invoice.netAmount),
    vatCents: toCents(invoice.vatAmount),
    usdRate: invoice.usdRate ?? '',
    rateAt: invoice.rateAt?.toISOString() ?? '',
    vatCountry: invoice.vatCountry ?? '',
    vatRate: invoice.vatRate,
    treatment: invoice.vatTreatment,
    sellerCountry: invoice.sellerCountry,
    status: purchaseStatus === 'refunded' ? 'paid, later refunded' : 'paid',
    description: invoice.description,
    buyer: invoice.buyerName,
  }));
  for (const { note, invoice, refundCurrency } of credited) {
    // Read from the refund, so notes issued before the fix (with the payment's crypto) export right too.
    const asCredit = refundedAsCredit({ currency: refundCurrency });
    entries.push({
      date: note.issuedAt,
      number: documentNumber(CREDIT_NOTE_PREFIX, note.number),
      purchaseId: invoice.purchaseId,
      method: invoice.paymentMethod,
      asCredit,
      reference: invoice.paymentReference ?? '',
      crypto: asCredit ? '' : (note.cryptoCurrency ?? ''),
      cryptoAmount: !asCredit && note.cryptoAmount ? `-${note.cryptoAmount}` : '',
      // The buyer's payment fee is on the invoice's row; a refund does not give it back.
      networkFee: '',
      currency: note.currency,
      totalCents: -toCents(note.totalAmount),
      netCents: -toCents(note.netAmount),
      vatCents: -toCents(note.vatAmount),
      usdRate: invoice.usdRate ?? '',
      rateAt: invoice.rateAt?.toISOString() ?? '',
      vatCountry: invoice.vatCountry ?? '',
      vatRate: invoice.vatRate,
      treatment: invoice.vatTreatment,
      sellerCountry: invoice.sellerCountry,
      status: asCredit ? `refunded as ${CREDIT_REFUND_LABEL}` : 'refunded',
      description: `Refund of ${documentNumber(INVOICE_PREFIX, invoice.number)}${asCredit ? ` as ${CREDIT_REFUND_LABEL}` : ''}: ${invoice.description}`,
      buyer: invoice.buyerName,
    });
  }
  return entries.sort((a, b) => a.date.getTime() - b.date.getTime() || a.number.localeCompare(b.number));
}

function paymentsCsv(entries: Entry[]): string {
  return stringify(
    entries.map((e) => [
      e.date.toISOString(),
      e.number,
      e.purchaseId,
      e.method,
      e.reference,
      e.crypto,
      e.cryptoAmount,
      e.networkFee,
      e.currency,
      fromCents(e.totalCents),
      e.usdRate,
      e.rateAt,
      e.vatCountry,
      e.vatRate,
      fromCents(e.vatCents),
      e.status,
    ]),
    {
      header: true,
      columns: [
        'date',
        'document_number',
        'purchase_id',
        'method',
        'provider_payment_id_or_tx_hash',
        'crypto',
        'crypto_amount',
        'network_fee',
        'fiat_currency',
        'fiat_amount',
        'usd_rate',
        'rate_time',
        'vat_country',
        'vat_rate',
        'vat_amount',
        'status',
      ],
    },
  );
}

/** Xero's bank statement import: Date, Amount, Payee, Description, Reference. */
function xeroCsv(entries: Entry[]): string {
  return stringify(
    entries.map((e) => [day(e.date), fromCents(e.totalCents), e.buyer, e.description, e.number]),
    { header: true, columns: ['Date', 'Amount', 'Payee', 'Description', 'Reference'] },
  );
}

/** QuickBooks' 3-column bank upload: Date (MM/DD/YYYY), Description, Amount. */
function quickbooksCsv(entries: Entry[]): string {
  const usDate = (date: Date) => {
    const [y, m, d] = day(date).split('-');
    return `${m}/${d}/${y}`;
  };
  return stringify(
    entries.map((e) => [usDate(e.date), `${e.number} ${e.description}`, fromCents(e.totalCents)]),
    { header: true, columns: ['Date', 'Description', 'Amount'] },
  );
}

/** An hledger journal: each document balances money, revenue and VAT payable. */
function journal(entries: Entry[]): string {
  const quote = (text: string) => text.replace(/[;\n]/g, ' ');
  const amount = (value: number, currency: string) => `${fromCents(value)} ${currency}`;
  return entries
    .map((e) => {
      // A refund as an API credit sends nothing: the buyer holds a prepaid credit, a liability.
      const cash = e.asCredit
        ? 'liabilities:api-credits'
        : `assets:${e.method === 'card' ? 'card-clearing' : 'cardano-wallet'}`;
      const lines = [
        `${day(e.date)} * ${e.number} | ${quote(e.description)}`,
        `    ; purchase:${e.purchaseId} reference:${quote(e.reference)}${e.crypto ? ` paid:${e.cryptoAmount} ${e.crypto} usd_rate:${e.usdRate}` : ''}`,
        `    ${cash}    ${amount(e.totalCents, e.currency)}`,
        `    revenue:reports    ${amount(-e.netCents, e.currency)}`,
      ];
      if (e.vatCents !== 0)
        lines.push(`    liabilities:vat:${e.vatCountry || 'none'}    ${amount(-e.vatCents, e.currency)}`);
      return lines.join('\n');
    })
    .join('\n\n')
    .concat(entries.length ? '\n' : '');
}

/**
 * One row per quarter, EU country and rate: the taxable amount and the VAT (sales minus credit
 * notes). Sales taxed in the seller's own country go on its domestic return, not the OSS one.
 */
function ossCsv(entries: Entry[]): string {
  const rows = new Map<
    string,
    { quarter: string; country: string; rate: string; net: number; vat: number }
  >();
  for (const e of entries) {
    if (e.treatment !== 'eu_vat' || !EU_COUNTRIES.has(e.vatCountry) || e.vatCountry === e.sellerCountry)
      continue;
    const quarter = `${e.date.getUTCFullYear()}-Q${Math.floor(e.date.getUTCMonth() / 3) + 1}`;
    const key = `${quarter}|${e.vatCountry}|${e.vatRate}`;
    const row = rows.get(key) ?? { quarter, country: e.vatCountry, rate: e.vatRate, net: 0, vat: 0 };
    row.net += e.netCents;
    row.vat += e.vatCents;
    rows.set(key, row);
  }
  return stringify(
    [...rows.values()]
      .sort((a, b) => a.quarter.localeCompare(b.quarter) || a.country.localeCompare(b.country))
      .map((row) => [row.quarter, row.country, row.rate, fromCents(row.net), fromCents(row.vat)]),
    { header: true, columns: ['quarter', 'country', 'vat_rate', 'taxable_amount', 'vat_amount'] },
  );
}

export async function booksExport(
  ctx: AppContext,
  kind: BooksExportKind,
  range: { from?: string; to?: string },
): Promise<{ body: string; contentType: string; fileName: string }> {
  const from = new Date(`${range.from ?? '2000-01-01'}T00:00:00Z`);
  const toDay = range.to ?? new Date().toISOString().slice(0, 10);
  const to = new Date(new Date(`${toDay}T00:00:00Z`).getTime() + 86_400_000);
  const entries = await entriesBetween(ctx, from, to);
  const name = `${kind}-${day(from)}-${toDay}`;
  if (kind === 'journal')
    return { body: journal(entries), contentType: 'text/plain; charset=utf-8', fileName: `${name}.journal` };
  const body =
    kind === 'payments'
      ? paymentsCsv(entries)
      : kind === 'xero'
        ? xeroCsv(entries)
        : kind === 'quickbooks'
          ? quickbooksCsv(entries)
          : ossCsv(entries);
  return { body, contentType: 'text/csv; charset=utf-8', fileName: `${name}.csv` };
}
