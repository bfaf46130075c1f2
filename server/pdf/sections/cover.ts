import { NOT_RATED_LABEL, RATING_BAND_TONES, RISK_LEVEL_LABELS } from '../../../contract/methodology';
import { dataAgeLine, ratedOnText } from '../../../contract/reports';
import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';
import { COLORS, CONTENT_WIDTH, formatDate, MARGIN, NEUTRAL_TONE, RISK_TONES, TONES } from './layout';

/**
 * The cover: app name, asset, facts, the score card and the introduction, then the contents
 * heading. Returns where the contents list goes (drawn last, once page numbers are known).
 */
export function drawCover(
  canvas: ReportCanvas,
  report: ReportDocument,
  appName: string,
): { contentsListY: number } {
  const { doc, drawable, body, label, pill } = canvas;
  const asset = drawable(report.assetName);
  // Not rated is an absence of evidence, not a bad grade: grey, never red.
  const tone = report.rated ? TONES[RATING_BAND_TONES[report.band]] : NEUTRAL_TONE;
  const riskTone = report.risk ? TONES[RISK_TONES[report.risk]] : NEUTRAL_TONE;
  doc.rect(MARGIN.left, 92, 6, 86).fill(COLORS.accent);
  doc
    .font('Bold')
    .fontSize(11)
    .fillColor(COLORS.accent)
    .text(drawable(appName).toUpperCase(), MARGIN.left + 20, 92, { characterSpacing: 1.5 });
  doc
    .font('Body')
    .fontSize(12)
    .fillColor(COLORS.muted)
    .text('Crypto asset research report', MARGIN.left + 20, 110);
  doc
    .font('Bold')
    .fontSize(asset.length > 28 ? 22 : 30)
    .fillColor(COLORS.ink)
    .text(asset, MARGIN.left + 20, 132, { width: CONTENT_WIDTH - 20 });
  doc.y = Math.max(doc.y + 24, 200);

  const facts: [string, string][] = [
    ['Generated', formatDate(report.completedAt ?? report.createdAt)],
    ['Methodology version', report.methodologyVersion],
    ['Report number', `#${report.reportId}`],
  ];
  const dataAge = reportDataAge(report);
  if (dataAge) facts.push(['Data age', dataAge]);
  for (const [name, value] of facts) {
    const y = doc.y;
    doc.font('Body').fontSize(10).fillColor(COLORS.muted).text(name, MARGIN.left, y, { width: 150 });
    doc
      .font('Bold')
      .fontSize(10)
      .fillColor(COLORS.ink)
      .text(drawable(value), MARGIN.left + 150, y, {
        width: CONTENT_WIDTH - 150,
      });
    doc.y = y + 17;
  }

  const cardY = doc.y + 18;
  const cardHeight = 150;
  doc
    .roundedRect(MARGIN.left, cardY, CONTENT_WIDTH, cardHeight, 10)
    .lineWidth(1)
    .strokeColor(COLORS.rule)
    .stroke();
  const column = CONTENT_WIDTH / 3;
  const cardLabel = (text: string, x: number) =>
    doc
      .font('Bold')
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(text.toUpperCase(), x, cardY + 20, { width: column - 24, characterSpacing: 0.6 });

  const totalX = MARGIN.left + 20;
  cardLabel('Total score', totalX);
  doc
    .font('Bold')
    .fontSize(34)
    .fillColor(COLORS.ink)
    .text(report.total !== null ? report.total.toFixed(2) : '—', totalX, cardY + 44, {
      lineBreak: false,
    });
  doc
    .font('Body')
    .fontSize(12)
    .fillColor(COLORS.muted)
    .text(report.rated ? 'out of 77' : 'no total', totalX, cardY + 88);
  doc.fontSize(8.5).text('77-point methodology scale', totalX, cardY + 106, { width: column - 24 });

  const compositeX = MARGIN.left + column + 12;
  cardLabel('Composite', compositeX);
  doc
    .font('Bold')
    .fontSize(34)
    .fillColor(tone.ink)
    .text(report.rated ? report.compositeOutOf5.toFixed(1) : '—', compositeX, cardY + 44, {
      lineBreak: false,
    });
  doc
    .font('Body')
    .fontSize(12)
    .fillColor(COLORS.muted)
    .text('out of 5.0', compositeX, cardY + 88);
  pill(report.rated ? report.band : NOT_RATED_LABEL, compositeX, cardY + 108, tone);

  const riskX = MARGIN.left + column * 2 + 4;
  cardLabel('Risk level', riskX);
  doc
    .font('Bold')
    .fontSize(17)
    .fillColor(riskTone.ink)
    .text(report.risk ? RISK_LEVEL_LABELS[report.risk] : NOT_RATED_LABEL, riskX, cardY + 50, {
      width: column - 24,
    });
  doc
    .font('Body')
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text('51-77 Likely Safe · 36-50 Potential Risk · below 36 Not Safe', riskX, cardY + 96, {
      width: column - 24,
    });
  doc.roundedRect(MARGIN.left, cardY + cardHeight - 5, CONTENT_WIDTH, 5, 2).fill(tone.ink);

  doc.y = cardY + cardHeight + 26;
  const counted = report.arithmetic.counted.length;
  // A report the rules wrote says so; "research agents" would suggest a model wrote it (0344).
  const byRules = report.sections?.writer === 'rules';
  body(
    (byRules
      ? `The published rules examined ${report.assetName} and scored each category with evidence from 1 to 5; no AI model wrote this report. `
      : `Twelve research agents examined ${report.assetName} and scored each category with evidence from 1 to 5. `) +
      (report.total !== null
        ? report.arithmetic.atLowest
          ? `The report is ${ratedOnText(counted)}: the total weighs all twelve, ${counted === 12 ? 'each scored on evidence' : 'each category without evidence at the lowest level, 1'}, on the 77-point scale (the score overview prints the arithmetic). `
          : `The total counts the ${counted === 12 ? 'twelve categories' : `${counted} categories with evidence`}: their weighted sum over its maximum, on the 77-point scale (the score overview prints the arithmetic). `
        : `${NOT_RATED_LABEL}: too few categories hold evidence for a total, so this report gives none. `) +
      'Every finding names its sources, listed with their dates at the end of this report.',
    10,
  );
  const contentsY = doc.y + 14;
  doc.y = contentsY;
  label('Contents');
  const contentsListY = doc.y;
  doc.addPage();
  return { contentsListY };
}

/** "Data as of … (N days before this report)", null for reports without a data date. */
export function reportDataAge(report: ReportDocument): string | null {
  const dataAsOf = report.sections?.dataAsOf;
  if (!dataAsOf) return null;
  return dataAgeLine(dataAsOf, (report.completedAt ?? report.createdAt).toISOString());
}
