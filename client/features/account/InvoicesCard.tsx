import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/report-format';
import { accountingDocumentsQuery } from './invoices-api';

/** Invoices and credit notes with their PDFs (decision 0300). */
export function InvoicesCard() {
  const documents = useQuery(accountingDocumentsQuery);
  const list = documents.data;
  return (
    <Card>
      <CardTitle id="invoices-title">Invoices and credit notes</CardTitle>
      <CardDescription className="mt-1">
        One invoice for every purchase, and a credit note for every refund. Prices include VAT where it
        applies.
      </CardDescription>
      {!list ? (
        <p className="mt-4 text-sm text-muted">
          {documents.isError ? 'Your invoices could not be loaded.' : 'Loading…'}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          No invoices yet: they appear here after your first purchase.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border text-sm" aria-labelledby="invoices-title">
          {list.map((document) => (
            <li
              key={`${document.kind}-${document.id}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3"
            >
              <span className="font-medium">
                {document.kind === 'invoice' ? 'Invoice' : 'Credit note'} {document.number}
              </span>
              <span className="text-muted">{formatDate(document.issuedAt)}</span>
              <span>
                {document.total} {document.currency}
                {document.reverseCharge ? ' (reverse charge)' : ` incl. ${document.vat} VAT`}
              </span>
              {document.creditsInvoice ? (
                <span className="text-muted">credits {document.creditsInvoice}</span>
              ) : null}
              <a
                href={document.pdfUrl}
                download
                className="ml-auto inline-flex min-h-11 items-center gap-1 rounded-md px-2 underline underline-offset-4"
              >
                <FileDown size={16} aria-hidden />
                PDF
                <span className="sr-only">
                  {' '}
                  of {document.kind === 'invoice' ? 'invoice' : 'credit note'} {document.number}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
