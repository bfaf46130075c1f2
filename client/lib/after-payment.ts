/**
 * Where a buyer goes once paid, by card or in ADA: the report bought (its research shown as it
 * runs), else the dashboard.
 */
export const afterPaymentPath = (reportId: number | null) =>
  reportId ? `/report/${reportId}` : '/dashboard';
