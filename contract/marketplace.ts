import { myReportItemSchema, publicReportItemSchema } from './reports';
import { z } from './zod';

/** The marketplace answers at most this many reports; a search narrows them by asset name. */
export const MARKETPLACE_LIMIT = 100;

export const publicReportsQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});

export const myReportsResponseSchema = z.array(myReportItemSchema);
export const publicReportsResponseSchema = z.array(publicReportItemSchema);
