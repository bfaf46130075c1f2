import { reportPdfFileName } from '../../contract/report-file';

/** Downloads a report's PDF and saves it; a failure is only logged. */
export async function downloadReportPdf(reportId: number, assetName: string): Promise<void> {
  try {
    const response = await fetch(`/api/reports/${reportId}/pdf`, { credentials: 'include' });
    if (!response.ok)
      throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = reportPdfFileName(assetName);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    console.error('PDF download failed', error);
  }
}
