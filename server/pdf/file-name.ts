// Content-Disposition for '{asset_name}-research-report.pdf' (spec §7): a plain ASCII
// `filename` every client understands, and an RFC 5987 `filename*` carrying the real name.

const SUFFIX = '-research-report.pdf';

/** The same rule as the browser's save name (client/lib/download-pdf.ts reportPdfFileName). */
export function reportPdfFileName(assetName: string): string {
  // Control characters count as rejected characters too (mapped to '|', then replaced with them).
  const visible = [...assetName].map((char) => (char.charCodeAt(0) < 0x20 ? '|' : char)).join('');
  const safe = visible.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'report';
  return `${safe}${SUFFIX}`;
}

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
