import { RATING_BAND_TONES, type RiskLevel, ratingBand } from '../../../contract/methodology';

// The page geometry, colours and formats every section of the PDF shares.

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = { top: 72, bottom: 72, left: 56, right: 56 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
export const BOTTOM = PAGE.height - MARGIN.bottom;

export const COLORS = {
  ink: '#111827',
  muted: '#4b5563',
  faint: '#9ca3af',
  rule: '#d1d5db',
  zebra: '#f3f4f6',
  accent: '#1e3a8a',
  accentSoft: '#e0e7ff',
};

export interface Tone {
  ink: string;
  soft: string;
}

export const TONES = {
  success: { ink: '#15803d', soft: '#dcfce7' },
  warning: { ink: '#a16207', soft: '#fef9c3' },
  danger: { ink: '#b91c1c', soft: '#fee2e2' },
  /** Not rated: no verdict, so no colour of one. */
  neutral: { ink: '#475569', soft: '#f1f5f9' },
} as const;

/** A Not rated verdict and a category without evidence: grey. */
export const NEUTRAL_TONE = { ink: '#64748b', soft: '#f1f5f9' } as const;

export const RISK_TONES: Record<RiskLevel, keyof typeof TONES> = {
  'Likely Safe': 'success',
  Potential: 'warning',
  'Not Safe': 'danger',
};

export const STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});
export const formatDate = (date: Date) => `${dateFormat.format(date)} UTC`;

/** The colours of a 1-5 category score's rating band. */
export const bandTone = (score: number): Tone => TONES[RATING_BAND_TONES[ratingBand(score)]];

/** A dashed horizontal guide across a chart, labelled on the left (a value or a band's start). */
export function drawGuide(
  doc: PDFKit.PDFDocument,
  line: { left: number; width: number; y: number },
  label: string,
  labelWidth: number,
): void {
  doc
    .moveTo(line.left, line.y)
    .lineTo(line.left + line.width, line.y)
    .dash(3, { space: 3 })
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke()
    .undash();
  doc
    .font('Body')
    .fontSize(7)
    .fillColor(COLORS.muted)
    .text(label, MARGIN.left, line.y - 3, { width: labelWidth, align: 'right', lineBreak: false });
}
