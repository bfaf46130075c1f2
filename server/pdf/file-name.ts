// Content-Disposition for '{asset_name}-research-report.pdf': a plain ASCII
// `filename` every client understands, and an RFC 5987 `filename*` carrying the real name.

import { reportPdfFileName, REPORT_PDF_SUFFIX as SUFFIX } from '../../contract/report-file';

export { reportPdfFileName };

/** Accents dropped, other non-ASCII letters as '_', quote and escape characters removed. */
function asciiFileName(fileName: string): string {
  const base = fileName
    .slice(0, -SUFFIX.length)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]+/g, '_')
    .replace(/[%;\\"]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_ ]+|[_ ]+$/g, '');
  return `${/[A-Za-z0-9]/.test(base) ? base : 'report'}${SUFFIX}`;
}

// RFC 5987 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function contentDisposition(assetName: string): string {
  const fileName = reportPdfFileName(assetName);
  const fallback = asciiFileName(fileName);
  const header = `attachment; filename="${fallback}"`;
  return fallback === fileName ? header : `${header}; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
