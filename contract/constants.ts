// Business constants of the product. Money amounts are in US dollars.
export const PRICES_USD = {
  new_report: 4.99,
  existing_report: 2.99,
} as const;

export const ADMIN_USER_ID = 1;
/** The footer's copyright year: the year of the day the page is shown, never a fixed one. */
export const copyrightYear = (now: Date = new Date()) => now.getUTCFullYear();

/** Client timings, in milliseconds. */
export const TIMINGS_MS = {
  currentUserFresh: 5 * 60_000,
  myReportsActivePoll: 5_000,
  myReportsIdlePoll: 15_000,
  publicReportsPoll: 30_000,
  dashboardRefresh: 10_000,
  reportPoll: 10_000,
  cardanoStatusPoll: 30_000,
  cardRedirect: 2_000,
  successPageRedirect: 3_000,
  cardanoRedirect: 3_000,
  bugReportRedirect: 2_000,
  logoutRedirect: 500,
  toastDefault: 5_000,
} as const;

export const FINANCIAL_DISCLAIMER =
  'The content on this site is for informational and educational purposes only and is not financial advice. ' +
  // Who wrote a report is said by the report (the rules or an AI model, decision 0344): this line,
  // on every page, holds for both.
  'Automated research has limits and can be wrong or out of date. Do your own research; use of this site is at your own risk.';

/** A report the rules wrote says so (page, PDF): no model wrote a word of it (decision 0344). */
export const RULES_WRITER_TEXT =
  'Written by the published rules: every score and sentence follows the methodology from the evidence cited; no AI model wrote this report.';
/** What the landing page and the checkout add when no AI model is configured. */
export const RULES_WRITER_SITE_TEXT =
  'No AI model is configured: reports are written by the published rules, every score and sentence following the methodology from the evidence cited.';
