import { z } from './zod';

// Bug reports: form, admin view, statuses, messages. The client form and the server
// validate with the same schema, so both show the same messages.

export const BUG_STATUSES = ['open', 'investigating', 'resolved', 'closed'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];

export const BUG_STATUS_LABELS: Record<BugStatus, string> = {
  open: 'Open',
  investigating: 'Investigating',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** Badge colours: open red, investigating yellow, resolved green, closed grey. */
export const BUG_STATUS_COLOURS: Record<BugStatus, 'red' | 'yellow' | 'green' | 'grey'> = {
  open: 'red',
  investigating: 'yellow',
  resolved: 'green',
  closed: 'grey',
};

export const BUG_CATEGORIES = [
  'payment',
  'research',
  'authentication',
  'ui',
  'performance',
  'data',
  'other',
] as const;
export type BugCategory = (typeof BUG_CATEGORIES)[number];

export const BUG_CATEGORY_LABELS: Record<BugCategory, string> = {
  payment: 'Payment Issues',
  research: 'Research Generation',
  authentication: 'Login/Registration',
  ui: 'User Interface',
  performance: 'Performance',
  data: 'Data/Reports',
  other: 'Other',
};

/** Longest accepted value of each field; the database columns hold at least this much. */
export const BUG_FIELD_LIMITS = {
  name: 100,
  email: 254,
  title: 200,
  description: 5000,
  steps: 3000,
  expected: 3000,
  actual: 3000,
  browser: 300,
  device: 300,
} as const;

export const BUG_MESSAGES = {
  nameRequired: 'Name is required',
  emailInvalid: 'Valid email is required',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  categoryInvalid: 'Choose one of the listed categories',
  statusInvalid: 'Status must be one of: open, investigating, resolved, closed',
  notFound: 'Bug report not found',
  submitted: 'Bug Report Submitted',
  submittedDescription: "Thank you for your report! We'll investigate and get back to you soon.",
  submitFailed: 'Submission Failed',
  submitFailedDescription: 'Failed to submit bug report. Please try again or contact support directly.',
  statusUpdated: 'Bug report status updated successfully',
  statusUpdateFailed: 'Failed to update bug report status',
} as const;

const FIELD_NAMES: Record<keyof typeof BUG_FIELD_LIMITS, string> = {
  name: 'Name',
  email: 'Email',
  title: 'Title',
  description: 'Description',
  steps: 'Steps to reproduce',
  expected: 'Expected behaviour',
  actual: 'Actual behaviour',
  browser: 'Browser',
  device: 'Device',
};

export const tooLongMessage = (field: keyof typeof BUG_FIELD_LIMITS) =>
  `${FIELD_NAMES[field]} must be at most ${BUG_FIELD_LIMITS[field]} characters`;

const requiredText = (field: keyof typeof BUG_FIELD_LIMITS, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(BUG_FIELD_LIMITS[field], tooLongMessage(field));

// Optional fields: blank, null or absent all mean "not given".
const optionalText = (field: keyof typeof BUG_FIELD_LIMITS) =>
  z
    .string({ error: `${FIELD_NAMES[field]} must be text` })
    .trim()
    .max(BUG_FIELD_LIMITS[field], tooLongMessage(field))
    .nullish()
    .transform((value) => value || undefined);

export const bugReportRequestSchema = z.object({
  name: requiredText('name', BUG_MESSAGES.nameRequired),
  email: z
    .string({ error: BUG_MESSAGES.emailInvalid })
    .trim()
    .max(BUG_FIELD_LIMITS.email, BUG_MESSAGES.emailInvalid)
    .email(BUG_MESSAGES.emailInvalid),
  category: z
    .enum([...BUG_CATEGORIES, ''], { error: BUG_MESSAGES.categoryInvalid })
    .nullish()
    .transform((value) => value || undefined),
  title: requiredText('title', BUG_MESSAGES.titleRequired),
  description: requiredText('description', BUG_MESSAGES.descriptionRequired),
  steps: optionalText('steps'),
  expected: optionalText('expected'),
  actual: optionalText('actual'),
  browser: optionalText('browser'),
  device: optionalText('device'),
});
/** What the form holds and the client sends. */
export type BugReportForm = z.input<typeof bugReportRequestSchema>;
/** What the server stores after validation. */
export type BugReportRequest = z.output<typeof bugReportRequestSchema>;

export const bugReportCreatedSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  status: z.enum(BUG_STATUSES),
});

/** A bug report as the admin reads it, plus the rest of what the reporter wrote. */
export const adminBugReportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(BUG_STATUSES),
  category: z.enum(BUG_CATEGORIES).nullable(),
  name: z.string(),
  email: z.string(),
  steps: z.string().nullable(),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
  browser: z.string().nullable(),
  device: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The account that filed it; null once that account is deleted. */
  user: z.object({ username: z.string(), email: z.string() }).nullable(),
});
export type AdminBugReport = z.infer<typeof adminBugReportSchema>;
export const adminBugReportListSchema = z.array(adminBugReportSchema);

export const bugStatusUpdateSchema = z.object({
  status: z.enum(BUG_STATUSES, { error: BUG_MESSAGES.statusInvalid }),
});

/** Counts for the admin's five tiles. */
export function countByStatus(reports: readonly { status: BugStatus }[]) {
  const counts: Record<BugStatus | 'total', number> = {
    total: reports.length,
    open: 0,
    investigating: 0,
    resolved: 0,
    closed: 0,
  };
  for (const report of reports) counts[report.status] += 1;
  return counts;
}
