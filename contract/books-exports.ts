import { z } from './zod';

// The accountant's exports (decision 0303): GET /api/admin/exports/:kind?from=&to=.

export const BOOKS_EXPORT_KINDS = ['payments', 'xero', 'quickbooks', 'journal', 'oss'] as const;
export type BooksExportKind = (typeof BOOKS_EXPORT_KINDS)[number];

export const booksExportParamsSchema = z.object({
  kind: z.enum(BOOKS_EXPORT_KINDS, {
    message: `Export kind must be one of ${BOOKS_EXPORT_KINDS.join(', ')}`,
  }),
});

/** The years an export may name: the store's books start after 2000; 0000 or 9999 is a typo. */
export const BOOKS_EXPORT_YEARS = { first: 2000, last: 2099 } as const;

const exportDay = (name: string, example: string) =>
  z.iso.date(`${name} must be a date such as ${example}`).refine((day) => {
    const year = Number(day.slice(0, 4));
    return year >= BOOKS_EXPORT_YEARS.first && year <= BOOKS_EXPORT_YEARS.last;
  }, `${name} must be a date from ${BOOKS_EXPORT_YEARS.first}-01-01 to ${BOOKS_EXPORT_YEARS.last}-12-31`);

/** Days (YYYY-MM-DD, UTC), `to` inclusive; both optional (default: everything up to today). */
export const booksExportQuerySchema = z
  .object({
    from: exportDay('from', '2026-01-01').optional(),
    to: exportDay('to', '2026-03-31').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
