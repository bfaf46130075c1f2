// The PDF download (`GET /api/reports/{id}/pdf`).

export const REPORT_PDF_MESSAGES = {
  notFound: "Report not found. The report you're looking for doesn't exist or you don't have access to it.",
  notReady: 'The report is still being researched. Its PDF can be downloaded once the report is completed.',
  failed: 'This report could not be completed, so it has no PDF.',
} as const;
