import { documentNumber, INVOICE_PREFIX, type InvoiceRow } from '../domain/invoices';
import { startPdfDocument } from './pdf-document';

// An invoice or credit note as a one-page PDF, drawn with the report's fonts (decision 0300).
// Pure: the document's own facts only, so the same document always renders the same text.

export interface AccountingPdfModel {
  title: 'Invoice' | 'Credit note';
  number: string;
  issuedAt: Date;
  /** A credit note names the invoice it credits. */
  creditsInvoice: string | null;
  seller: { name: string; address: string; country: string; vatId: string | null };
  buyer: { name: string; email: string; country: string | null; vatId: string | null };
  description: string;
  currency: string;
  net: string;
  vatRate: string;
  vat: string;
  total: string;
  vatCountry: string | null;
  treatment: 'eu_vat' | 'reverse_charge' | 'outside_eu';
  paymentMethod: string;
  paymentReference: string | null;
  crypto: { currency: string; amount: string; usdRate: string; rateAt: Date } | null;
  /** The ADA the buyer's transactions paid the network, on top of the total (decision 0310). */
  networkFee: string | null;
  /** A credit note whose refund was not money: what went back instead ("1 API credit"). */
  refundedAs?: string;
  notes: string[];
}

/** An issued invoice as its PDF shows it (the account page, and dispute evidence sent to Stripe). */
export function invoicePdfModel(invoice: InvoiceRow): AccountingPdfModel {
  return {
    title: 'Invoice',
    number: documentNumber(INVOICE_PREFIX, invoice.number),
    issuedAt: invoice.issuedAt,
    creditsInvoice: null,
    seller: {
      name: invoice.sellerName,
      address: invoice.sellerAddress,
      country: invoice.sellerCountry,
      vatId: invoice.sellerVatId,
    },
    buyer: {
      name: invoice.buyerName,
      email: invoice.buyerEmail,
      country: invoice.buyerCountry,
      vatId: invoice.buyerVatId,
    },
    description: invoice.description,
    currency: invoice.currency,
    net: invoice.netAmount,
    vatRate: invoice.vatRate,
    vat: invoice.vatAmount,
    total: invoice.totalAmount,
    vatCountry: invoice.vatCountry,
    treatment: invoice.vatTreatment,
    paymentMethod: invoice.paymentMethod,
    paymentReference: invoice.paymentReference,
    crypto:
      invoice.cryptoCurrency && invoice.cryptoAmount && invoice.usdRate && invoice.rateAt
        ? {
            currency: invoice.cryptoCurrency,
            amount: invoice.cryptoAmount,
            usdRate: invoice.usdRate,
            rateAt: invoice.rateAt,
          }
        : null,
    networkFee: invoice.networkFee,
    notes: ['Prices include VAT where VAT applies.'],
  };
}

const PAYMENT_METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  cardano: 'Cardano',
  x402: 'Cardano (x402 pay per call)',
};

const TREATMENT_NOTES = {
  eu_vat: null,
  reverse_charge:
    'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC).',
  outside_eu: 'Supply outside the scope of EU VAT (customer located outside the EU).',
} as const;

export function renderAccountingPdf(model: AccountingPdfModel, appName: string): Promise<Buffer> {
  const { doc, drawable, bytes } = startPdfDocument({
    margin: 56,
    info: {
      Title: `${model.title} ${model.number}`,
      Author: model.seller.name,
      Creator: appName,
      CreationDate: model.issuedAt,
      ModDate: model.issuedAt,
    },
  });

  const line = (label: string, value: string) => {
    doc.font('Bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('Body').text(drawable(value));
  };
  doc.font('Bold').fontSize(20).text(`${model.title} ${model.number}`, { structType: 'H1' });
  doc.moveDown(0.5);
  line('Issue date', model.issuedAt.toISOString().slice(0, 10));
  if (model.creditsInvoice) line('Credits invoice', model.creditsInvoice);
  doc.moveDown();
  doc.font('Bold').fontSize(12).text('Seller', { structType: 'H2' });
  doc.font('Body').fontSize(10).text(drawable(model.seller.name));
  for (const part of model.seller.address.split(',')) doc.text(drawable(part.trim()));
  doc.text(`Country: ${model.seller.country}`);
  if (model.seller.vatId) doc.text(drawable(`VAT number: ${model.seller.vatId}`));
  doc.moveDown();
  doc.font('Bold').fontSize(12).text('Buyer', { structType: 'H2' });
  doc.font('Body').fontSize(10).text(drawable(model.buyer.name));
  doc.text(drawable(model.buyer.email));
  if (model.buyer.country) doc.text(`Country: ${model.buyer.country}`);
  if (model.buyer.vatId) doc.text(drawable(`VAT number: ${model.buyer.vatId}`));
  doc.moveDown();
  doc.font('Bold').fontSize(12).text('Line', { structType: 'H2' });
  doc.font('Body').fontSize(10).text(drawable(model.description));
  doc.moveDown(0.5);
  line('Net', `${model.net} ${model.currency}`);
  line(
    `VAT ${model.vatRate}%${model.vatCountry ? ` (${model.vatCountry})` : ''}`,
    `${model.vat} ${model.currency}`,
  );
  line('Total', `${model.total} ${model.currency}`);
  doc.moveDown();
  line('Payment method', PAYMENT_METHOD_LABELS[model.paymentMethod] ?? model.paymentMethod);
  if (model.paymentReference) line('Payment reference', model.paymentReference);
  if (model.crypto) {
    line('Paid', `${model.crypto.amount} ${model.crypto.currency}`);
    line(
      'USD rate used',
      `1 ${model.crypto.currency} = ${model.crypto.usdRate} USD at ${model.crypto.rateAt.toISOString()}`,
    );
  }
  if (model.networkFee) line('Network fee paid by the buyer', `${model.networkFee} ADA`);
  if (model.refundedAs) line('Refunded as', model.refundedAs);
  const treatmentNote = TREATMENT_NOTES[model.treatment];
  doc.moveDown();
  for (const note of [...(treatmentNote ? [treatmentNote] : []), ...model.notes]) {
    doc.font('Body').fontSize(9).text(drawable(note));
  }
  doc.end();
  return bytes;
}
