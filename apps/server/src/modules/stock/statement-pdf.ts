import type { StockStatement, StockStatementFigures } from '@rescuedesk/shared';
import PDFDocument from 'pdfkit';
import { fontFiles, textRuns, type FontWeight } from '../report/pdf-text';

/** Every text of the printed statement, already in the reader's language. */
export interface StatementPdfTexts {
  /** "{NGO} · Stock statement for {month}". */
  heading: string;
  columns: { item: string; batch: string; expiry: string; opening: string; received: string; used: string; adjusted: string; closing: string };
  total: string;
  empty: string;
  /** The month's reconciliation with the ABC report, under the table: what each row counts, and its figure. */
  reconciliation: { title: string; rows: ReadonlyArray<{ label: string; value: string }> };
  generated: string;
  page: (page: number, pages: number) => string;
}

// A4 portrait, in points.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const ROW = 16;
const SIZE = 8;
const INK = '#1a1a1a';
const FIGURES = ['opening', 'received', 'used', 'adjusted', 'closing'] as const;
/** Item, batch, expiry, then the five figures: 523 points across. */
const WIDTHS = [125, 75, 63, 52, 52, 52, 52, 52] as const;
/** The reconciliation under the table: what a row counts, then its figure. */
const RECONCILIATION_LABEL = 420;
const RECONCILIATION_FIGURE = 60;

/**
 * The month's stock statement as a PDF (docs/stock.md#the-monthly-statement): a line per batch and
 * the item's total, in the reader's language, with Hindi shaped by the report's fonts.
 */
export function renderStatementPdf({ statement, texts, formatNumber, formatDate }: { statement: StockStatement; texts: StatementPdfTexts; formatNumber: (n: number) => string; formatDate: (date: string) => string }): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: texts.heading } });
  for (const [name, data] of fontFiles()) doc.registerFont(name, data);
  cell(doc, texts.heading, MARGIN, MARGIN, PAGE.width - 2 * MARGIN, { size: 13, weight: 'bold' });
  let y = MARGIN + 28;
  const c = texts.columns;
  const head = () => {
    row(doc, [c.item, c.batch, c.expiry, c.opening, c.received, c.used, c.adjusted, c.closing], y, 'bold');
    y += ROW;
  };
  head();
  if (statement.items.length === 0) cell(doc, texts.empty, MARGIN, y + 4, PAGE.width - 2 * MARGIN, { size: SIZE });
  const figures = (f: StockStatementFigures) => FIGURES.map((k) => formatNumber(f[k]));
  for (const item of statement.items) {
    const lines = [...item.batches.map((b) => ({ cells: [item.name, b.batchNo, formatDate(b.expiryDate), ...figures(b)], weight: 'regular' as const })), { cells: [item.name, texts.total, '', ...figures(item.total)], weight: 'bold' as const }];
    for (const line of lines) {
      if (y + ROW > PAGE.height - MARGIN - ROW) {
        doc.addPage();
        y = MARGIN;
        head();
      }
      row(doc, line.cells, y, line.weight);
      y += ROW;
    }
  }
  y += 10;
  const rows = texts.reconciliation.rows;
  if (y + (rows.length + 1) * ROW > PAGE.height - MARGIN - 2 * ROW) {
    doc.addPage();
    y = MARGIN;
  }
  cell(doc, texts.reconciliation.title, MARGIN, y + 4, PAGE.width - 2 * MARGIN, { size: SIZE + 1, weight: 'bold' });
  y += ROW;
  for (const line of rows) {
    cell(doc, line.label, MARGIN + 2, y + 4, RECONCILIATION_LABEL - 4, { size: SIZE });
    cell(doc, line.value, MARGIN + RECONCILIATION_LABEL, y + 4, RECONCILIATION_FIGURE - 2, { size: SIZE, align: 'right' });
    doc.moveTo(MARGIN, y + ROW).lineTo(MARGIN + RECONCILIATION_LABEL + RECONCILIATION_FIGURE, y + ROW).lineWidth(0.4).strokeColor('#999999').stroke();
    y += ROW;
  }
  cell(doc, texts.generated, MARGIN, Math.min(y + 10, PAGE.height - MARGIN - 2 * ROW), PAGE.width - 2 * MARGIN, { size: 7 });
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    cell(doc, texts.page(i - start + 1, count), MARGIN, PAGE.height - MARGIN - 8, PAGE.width - 2 * MARGIN, { size: 7, align: 'right' });
  }
  doc.end();
  return doc;
}

/** A line of the table with its rule under it; the figures are right-aligned. */
function row(doc: PDFKit.PDFDocument, cells: readonly string[], y: number, weight: FontWeight): void {
  let x = MARGIN;
  cells.forEach((text, index) => {
    const width = WIDTHS[index]!;
    cell(doc, text, x + 2, y + 4, width - 4, { size: SIZE, weight, align: index >= 3 ? 'right' : 'left' });
    x += width;
  });
  doc.moveTo(MARGIN, y + ROW).lineTo(x, y + ROW).lineWidth(0.4).strokeColor('#999999').stroke();
}

/** One line of text in its box, cut short rather than wrapped, each script in its own font. */
function cell(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, options: { size: number; weight?: FontWeight; align?: 'left' | 'right' }): void {
  const runs = textRuns(text, options.weight ?? 'regular');
  doc.fillColor(INK).fontSize(options.size);
  const total = runs.reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
  let at = options.align === 'right' ? x + Math.max(0, width - total) : x;
  for (const run of runs) {
    doc.font(run.font).text(run.text, at, y, { lineBreak: false, width: Math.max(1, x + width - at), ellipsis: true });
    at += doc.widthOfString(run.text);
  }
}
