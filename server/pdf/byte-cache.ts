// Recently served PDFs by content hash, bounded by total size. Content-addressed, so an entry
// can never be stale: a re-rendered report has a new hash. Saves reading the bytea column on
// every download of a popular report.

export class PdfByteCache {
  private readonly entries = new Map<string, Buffer>();
  private totalBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(sha256: string): Buffer | undefined {
    const pdf = this.entries.get(sha256);
    if (pdf) {
      // Refresh recency: Map keeps insertion order, the oldest entry is evicted first.
      this.entries.delete(sha256);
      this.entries.set(sha256, pdf);
    }
    return pdf;
  }

  set(sha256: string, pdf: Buffer): void {
    if (pdf.length > this.maxBytes || this.entries.has(sha256)) return;
    this.entries.set(sha256, pdf);
    this.totalBytes += pdf.length;
    for (const [key, value] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.totalBytes -= value.length;
    }
  }
}
