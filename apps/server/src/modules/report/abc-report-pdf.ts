import { ABC_COLUMN_GROUPS, ABC_COLUMNS, type AbcColumn, type AbcColumnGroup, type AbcReport, type AbcReportRow } from '@rescuedesk/shared';
import PDFDocument from 'pdfkit';
import { fontFiles, textRuns, type FontWeight } from './pdf-text';

/** Every text of the printed report, already in the reader's language. */
export interface AbcPdfTexts {
  title: string;
  month: string;
  ngoName: string;
  darpan: string | null;
  ward: string | null;
  limit: string | null;
  rowHeader: string;
  noWard: string;
  total: string;
  groups: Record<AbcColumnGroup, string>;
  columns: Record<AbcColumn, string>;
  definitions: string;
  /** The month's sterilisation cases not counted for want of a species, by number; null when none. */
  speciesNotRecorded: string | null;
  /** The month's vaccinations and operations on cases against the stock used (docs/stock.md#the-abc-report-reconciles), a line each. */
  stock: readonly string[] | null;
  /** The month's coverage surveys: a heading, a line per survey and the method's note; null when none was walked. */
  surveys: { title: string; lines: readonly string[]; note: string } | null;
  signatures: readonly [string, string, string];
  signatureHint: string;
  generated: string;
  page: (page: number, pages: number) => string;
}

export interface AbcPdfInput {
  report: AbcReport;
  texts: AbcPdfTexts;
  /** The NGO's logo as PNG or JPEG bytes, when it has one. */
  logo?: Buffer | undefined;
  /** The number format of the reader's language. */
  formatNumber: (n: number) => string;
  /** A version signed in the app (docs/reports.md#signing-the-monthly-report): who signed each block, the hash, and the QR of its verification page. */
  signing?: AbcPdfSigning | undefined;
}

export interface AbcPdfSigning {
  /** Per block, in the blocks' order: 'Signed in RescueDesk by …', or null while unsigned. */
  signedBy: readonly [string | null, string | null, string | null];
  /** The version and its content hash, then the verification address (and 'not yet signed by all three' when so). */
  lines: readonly string[];
  /** The verification page's QR code, as PNG. */
  qr: Buffer;
}

// A4 landscape, in points.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 28;
const LABEL_WIDTH = 104;
const TABLE_WIDTH = PAGE.width - 2 * MARGIN - LABEL_WIDTH;
/** The narrowest a column of numbers may be: room for four digits. */
const MIN_COLUMN_WIDTH = 18;
const GROUP_SIZE = 6.5;
const COLUMN_SIZE = 6;
/** Each column's width in points, from its heading's longest word (see columnWidths). */
type ColumnWidths = Record<AbcColumn, number>;
const ROW_HEIGHT = 15;
const SIGNATURE_HEIGHT = 78;
/** The QR of the verification page, beside the signature blocks. */
const QR_SIZE = 72;
/** Room above the signature blocks for the version's hash and verification lines. */
const SIGNING_LINES_HEIGHT = 26;
const FOOTER_HEIGHT = 16;
const INK = '#1a1a1a';
const LINE = '#7a7a7a';
const SHADE = '#ececec';

interface WriteOptions {
  width: number;
  size: number;
  weight?: FontWeight;
  align?: 'left' | 'center' | 'right';
  color?: string;
}

/**
 * The monthly ABC report as a PDF (docs/reports.md#the-pdf): the NGO's name, Darpan ID and logo, the
 * month and filters, the table with a total row (its heading repeated on every page), three
 * signature blocks and page numbers. Answers the document, ended: read it as a stream.
 */
export function renderAbcReportPdf({ report, texts, logo, formatNumber, signing }: AbcPdfInput): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 4 }, bufferPages: true, info: { Title: `${texts.title} ${texts.month}`, Author: texts.ngoName, Creator: 'RescueDesk' } });
  for (const [name, data] of fontFiles()) doc.registerFont(name, data);

  const widths = columnWidths(doc, texts);
  let y = header(doc, texts, logo);
  y = tableHead(doc, texts, widths, y);
  const rows: Array<{ row: AbcReportRow; total: boolean }> = [...report.rows.map((row) => ({ row, total: false })), { row: { ...report.total, label: texts.total }, total: true }];
  rows.forEach(({ row, total }, index) => {
    if (y + ROW_HEIGHT > PAGE.height - MARGIN - FOOTER_HEIGHT) {
      doc.addPage();
      y = tableHead(doc, texts, widths, MARGIN);
    }
    y = tableRow(doc, row, { widths, total, shaded: !total && index % 2 === 1, noWard: texts.noWard, formatNumber }, y);
  });

  y += 6;
  write(doc, texts.definitions, MARGIN, y, { width: PAGE.width - 2 * MARGIN, size: 6.5, color: LINE });
  if (texts.speciesNotRecorded) write(doc, texts.speciesNotRecorded, MARGIN, doc.y + 4, { width: PAGE.width - 2 * MARGIN, size: 7, weight: 'bold' });
  for (const line of texts.stock ?? []) write(doc, line, MARGIN, doc.y + 4, { width: PAGE.width - 2 * MARGIN, size: 7 });
  if (texts.surveys) surveyLines(doc, texts.surveys);
  // The signatures sit at the foot of the last page, or of a page of their own when the table fills it.
  const signingHeight = signing ? SIGNING_LINES_HEIGHT : 0;
  if (doc.y + 4 + SIGNATURE_HEIGHT + signingHeight > PAGE.height - MARGIN - FOOTER_HEIGHT) doc.addPage();
  const signaturesTop = PAGE.height - MARGIN - FOOTER_HEIGHT - SIGNATURE_HEIGHT;
  signing?.lines.forEach((line, i) => write(doc, line, MARGIN, signaturesTop - signingHeight + i * 8, { width: PAGE.width - 2 * MARGIN, size: 7 }));
  signatures(doc, texts, signaturesTop, signing);

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const footerY = PAGE.height - MARGIN - 8;
    write(doc, texts.generated, MARGIN, footerY, { width: 500, size: 7, color: LINE });
    write(doc, texts.page(i - start + 1, count), PAGE.width - MARGIN - 200, footerY, { width: 200, size: 7, align: 'right', color: LINE });
  }
  doc.end();
  return doc;
}

/** The month's coverage surveys under the table, each paragraph on the page it fits on. */
function surveyLines(doc: PDFKit.PDFDocument, surveys: NonNullable<AbcPdfTexts['surveys']>): void {
  const width = PAGE.width - 2 * MARGIN;
  const paragraphs: Array<[string, WriteOptions]> = [
    [surveys.title, { width, size: 8, weight: 'bold' }],
    ...surveys.lines.map((line): [string, WriteOptions] => [line, { width, size: 7 }]),
    [surveys.note, { width, size: 6.5, color: LINE }],
  ];
  let y = doc.y + 6;
  for (const [text, options] of paragraphs) {
    if (y + heightOf(doc, text, options) > PAGE.height - MARGIN - FOOTER_HEIGHT) {
      doc.addPage();
      y = MARGIN;
    }
    write(doc, text, MARGIN, y, options);
    y = doc.y + 2;
  }
}

/** Text in one or more fonts (Hindi and Latin runs); wraps within `width` when it is one run. */
function write(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: WriteOptions): void {
  const runs = textRuns(text, options.weight ?? 'regular');
  doc.fillColor(options.color ?? INK).fontSize(options.size);
  if (runs.length > 1 && options.align && options.align !== 'left') {
    // pdfkit cannot align a line made of several fonts: measure the runs and place them on one line.
    const widths = runs.map((run) => doc.font(run.font).widthOfString(run.text));
    const total = widths.reduce((a, b) => a + b, 0);
    let at = options.align === 'right' ? x + options.width - total : x + (options.width - total) / 2;
    runs.forEach((run, index) => {
      doc.font(run.font).text(run.text, at, y, { lineBreak: false });
      at += widths[index]!;
    });
    return;
  }
  // A page break of pdfkit's own would cut the layout: every text here is placed where it fits.
  const base = { width: options.width, align: options.align ?? 'left', lineBreak: true, height: undefined } as const;
  runs.forEach((run, index) => {
    doc.font(run.font);
    const continued = index < runs.length - 1;
    if (index === 0) doc.text(run.text, x, y, { ...base, continued });
    else doc.text(run.text, { continued });
  });
}

function heightOf(doc: PDFKit.PDFDocument, text: string, options: WriteOptions): number {
  const first = textRuns(text, options.weight ?? 'regular')[0];
  if (!first) return 0;
  doc.font(first.font).fontSize(options.size);
  return doc.heightOfString(text, { width: options.width });
}

/** The width of one word, which may mix scripts (its runs in their own fonts). */
function wordWidth(doc: PDFKit.PDFDocument, word: string, size: number, weight: FontWeight): number {
  doc.fontSize(size);
  return textRuns(word, weight).reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
}

const longestWord = (doc: PDFKit.PDFDocument, text: string, size: number, weight: FontWeight) => Math.max(0, ...text.split(/\s+/).map((word) => wordWidth(doc, word, size, weight)));

/**
 * Column widths that keep every heading's words whole ("Pregnant", "Released", "आक्रामक"): each
 * column gets the room its longest heading word needs (a column alone in its group, its group's
 * too), and what is left of the page is shared equally. Words that would break are what made the
 * headings hard to read, so the space goes where the words are.
 */
function columnWidths(doc: PDFKit.PDFDocument, texts: AbcPdfTexts): ColumnWidths {
  const need = {} as ColumnWidths;
  for (const group of ABC_COLUMN_GROUPS) {
    for (const column of group.columns) {
      let width = longestWord(doc, texts.columns[column], COLUMN_SIZE, 'regular') + 8;
      if (group.columns.length === 1) width = Math.max(width, longestWord(doc, texts.groups[group.group], GROUP_SIZE, 'bold') + 6);
      need[column] = Math.max(MIN_COLUMN_WIDTH, width);
    }
  }
  const needed = ABC_COLUMNS.reduce((sum, c) => sum + need[c], 0);
  const spare = (TABLE_WIDTH - needed) / ABC_COLUMNS.length;
  // Headings longer than the page allows (not the case in English or Hindi) shrink every column alike.
  const scale = spare < 0 ? TABLE_WIDTH / needed : 1;
  return Object.fromEntries(ABC_COLUMNS.map((c) => [c, spare < 0 ? need[c] * scale : need[c] + spare])) as ColumnWidths;
}

function header(doc: PDFKit.PDFDocument, texts: AbcPdfTexts, logo: Buffer | undefined): number {
  let x = MARGIN;
  const top = MARGIN;
  if (logo) {
    try {
      doc.image(logo, MARGIN, top, { fit: [56, 56] });
      x = MARGIN + 66;
    } catch {
      // A logo pdfkit cannot read leaves the header without it rather than failing the report.
    }
  }
  const width = PAGE.width - MARGIN - x;
  write(doc, texts.ngoName, x, top, { width, size: 15, weight: 'bold' });
  const lines = [texts.darpan, `${texts.title} · ${texts.month}`, texts.ward, texts.limit].filter((l): l is string => l !== null);
  let y = doc.y + 2;
  for (const line of lines) {
    write(doc, line, x, y, { width, size: 9 });
    y = doc.y + 1;
  }
  return Math.max(y, top + (logo ? 60 : 0)) + 8;
}

/** The two heading rows: groups over their columns, then each column. */
function tableHead(doc: PDFKit.PDFDocument, texts: AbcPdfTexts, widths: ColumnWidths, top: number): number {
  const widthOf = (column: AbcColumn) => widths[column];
  const groupWidth = (columns: readonly AbcColumn[]) => columns.reduce((sum, c) => sum + widths[c], 0);
  const groupOptions = (width: number): WriteOptions => ({ width: width - 4, size: GROUP_SIZE, weight: 'bold', align: 'center' });
  const columnOptions = (column: AbcColumn): WriteOptions => ({ width: widthOf(column) - 3, size: COLUMN_SIZE, align: 'center' });
  const groupHeight = Math.max(...ABC_COLUMN_GROUPS.map((g) => heightOf(doc, texts.groups[g.group], groupOptions(groupWidth(g.columns))))) + 5;
  const columnHeight = Math.max(...ABC_COLUMNS.map((c) => heightOf(doc, texts.columns[c], columnOptions(c)))) + 5;
  const bottom = top + groupHeight + columnHeight;

  doc.rect(MARGIN, top, PAGE.width - 2 * MARGIN, bottom - top).fill(SHADE);
  write(doc, texts.rowHeader, MARGIN + 3, top + 3, { width: LABEL_WIDTH - 6, size: 7, weight: 'bold' });
  let x = MARGIN + LABEL_WIDTH;
  for (const group of ABC_COLUMN_GROUPS) {
    write(doc, texts.groups[group.group], x + 2, top + 3, groupOptions(groupWidth(group.columns)));
    for (const column of group.columns) {
      write(doc, texts.columns[column], x + 1.5, top + groupHeight + 3, columnOptions(column));
      x += widthOf(column);
    }
  }
  doc.lineWidth(0.5).strokeColor(LINE);
  doc.rect(MARGIN, top, PAGE.width - 2 * MARGIN, bottom - top).stroke();
  x = MARGIN + LABEL_WIDTH;
  doc.moveTo(x, top).lineTo(x, bottom).stroke();
  for (const group of ABC_COLUMN_GROUPS) {
    const width = groupWidth(group.columns);
    doc.moveTo(x, top + groupHeight).lineTo(x + width, top + groupHeight).stroke();
    let inner = x;
    for (const column of group.columns.slice(0, -1)) {
      inner += widthOf(column);
      doc.moveTo(inner, top + groupHeight).lineTo(inner, bottom).stroke();
    }
    x += width;
    doc.moveTo(x, top).lineTo(x, bottom).stroke();
  }
  return bottom;
}

function tableRow(
  doc: PDFKit.PDFDocument,
  row: AbcReportRow,
  options: { widths: ColumnWidths; total: boolean; shaded: boolean; noWard: string; formatNumber: (n: number) => string },
  top: number,
): number {
  const weight: FontWeight = options.total ? 'bold' : 'regular';
  if (options.shaded || options.total) doc.rect(MARGIN, top, PAGE.width - 2 * MARGIN, ROW_HEIGHT).fill(options.total ? SHADE : '#f7f7f7');
  const label = row.label ?? options.noWard;
  // One line per row: a long ward name is cut to the column rather than pushing the table about.
  doc.save();
  doc.rect(MARGIN, top, LABEL_WIDTH - 2, ROW_HEIGHT).clip();
  write(doc, label, MARGIN + 3, top + 4, { width: 400, size: 7.5, weight });
  doc.restore();
  let x = MARGIN + LABEL_WIDTH;
  for (const column of ABC_COLUMNS) {
    const value = row[column];
    const text = value === null ? '–' : options.formatNumber(value);
    write(doc, text, x, top + 4, { width: options.widths[column] - 4, size: 7.5, weight, align: 'right' });
    x += options.widths[column];
  }
  doc.lineWidth(options.total ? 1 : 0.3).strokeColor(LINE);
  doc.moveTo(MARGIN, top + ROW_HEIGHT).lineTo(PAGE.width - MARGIN, top + ROW_HEIGHT).stroke();
  if (options.total) doc.moveTo(MARGIN, top).lineTo(PAGE.width - MARGIN, top).stroke();
  return top + ROW_HEIGHT;
}

/** Three blocks side by side: the project's vet, the municipal or junior veterinary officer, the District Veterinary Officer. */
function signatures(doc: PDFKit.PDFDocument, texts: AbcPdfTexts, top: number, signing: AbcPdfSigning | undefined): void {
  const gap = 24;
  const room = PAGE.width - 2 * MARGIN - (signing ? QR_SIZE + gap : 0);
  const width = (room - 2 * gap) / 3;
  if (signing) doc.image(signing.qr, PAGE.width - MARGIN - QR_SIZE, top, { width: QR_SIZE });
  texts.signatures.forEach((title, i) => {
    const x = MARGIN + i * (width + gap);
    doc.lineWidth(0.5).strokeColor(LINE).rect(x, top, width, SIGNATURE_HEIGHT - 6).stroke();
    const signedBy = signing?.signedBy[i];
    if (signedBy) write(doc, signedBy, x + 10, top + 8, { width: width - 20, size: 7.5 });
    doc.moveTo(x + 10, top + 40).lineTo(x + width - 10, top + 40).stroke();
    write(doc, title, x + 10, top + 44, { width: width - 20, size: 8.5, weight: 'bold' });
    write(doc, texts.signatureHint, x + 10, doc.y + 1, { width: width - 20, size: 7, color: LINE });
  });
}
