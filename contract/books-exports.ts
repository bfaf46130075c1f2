import { z } from './zod';

// The accountant's exports (decision 0303): GET /api/admin/exports/:kind?from=&to=.

export const BOOKS_EXPORT_KINDS = ['payments', 'xero', 'quickbooks', 'journal', 'oss'] as const;
export type BooksExportKind = (typeof BOOKS_EXPORT_KINDS)[number];

export const booksExportParamsSchema = z.object({
  kind: z.enum(BOOKS_EXPORT_KINDS, {
    message: `Export kind must be one of ${BOOKS_EXPORT_KINDS.join(', ')}`,
  }),
});

/** Days (YYYY-MM-DD, UTC), `to` inclusive; both optional (default: everything up to today). */
export const booksExportQuerySchema = z
  .object({
    from: z.iso.date('from must be a date such as 2026-01-01').optional(),
    to: z.iso.date('to must be a date such as 2026-03-31').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
