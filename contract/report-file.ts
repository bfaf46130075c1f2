/** '{asset_name}-research-report.pdf', without characters file systems reject. */
export const REPORT_PDF_SUFFIX = '-research-report.pdf';

export function reportPdfFileName(assetName: string): string {
  // Control characters are rejected too: map them to '|' so the class below removes them.
  const visible = [...assetName].map((char) => (char.charCodeAt(0) < 0x20 ? '|' : char)).join('');
  const safe = visible.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'report';
  return `${safe}${REPORT_PDF_SUFFIX}`;
}
