import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { tr } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { insertCase } from '../../../test/report-cases';

/**
 * The CSV exports as a spreadsheet shows them (docs/reports.md#csv-files): each file the API answers
 * is opened by LibreOffice Calc (headless, Debian's libreoffice-calc), saved as xlsx and read back
 * cell by cell. A phone number is the text it was; nothing that looks like a formula is one; times
 * are the NGO's local time. LibreOffice is slow to start, so every check is in this one file.
 */
const ctx = useTwoNgoWorld();

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));
const GUARD = '\u2060';

/** Typed into a form or stored by an older client, each must come out of the spreadsheet as this text. */
const FORMULA_LOOKING = ['=1+2', '+1+2', '-2+3', '@SUM(1,2)', '=HYPERLINK("http://evil.example","Click")', '\t=1+2', '\r=1+2', '+SUM(1,2)'];
const PHONE = '+91 98480 11111';

interface Cell {
  /** xlsx cell type: s (text), n (number), str (a formula's text), b, e. */
  type: string;
  text: string;
  formula: boolean;
}

describe('CSV exports opened in LibreOffice Calc', () => {
  it('shows phones as written, formula-looking text as text and creation times in the NGO zone', { timeout: 120_000 }, async () => {
    const { a, inA } = ctx.world;
    const db = ctx.t.database.db;
    const names = ['सुनीता देवी', ...FORMULA_LOOKING];
    for (const name of names) {
      await insertCase(db, a.id, { reporter_name: name, reporter_contact: PHONE, created_at: '2026-11-28T17:41:55.905Z', capture_date: '2026-11-28', ward_zone: name });
    }

    const cases = await openInCalc(inA.Manager, '/api/export/cases', {});
    const createdAt = `${tr('reports.csv.createdAt')} (Asia/Kolkata)`;
    expect(cases.header).toContain(createdAt);
    const byName = cases.column(tr('field.reporterName'));
    expect(byName.map((c) => c.text)).toEqual(expect.arrayContaining(names.map(displayed)));
    for (const cell of byName) expect(cell, cell.text).toMatchObject({ type: 's', formula: false });
    // The phone is text, and what shows is the phone: the guard before it has no width.
    for (const cell of cases.column(tr('field.reporterContact'))) expect(cell).toEqual({ type: 's', text: `${GUARD}${PHONE}`, formula: false });
    // Calc reads the local time as a date and time: a number of days since 1899-12-30, shown by a date format.
    for (const cell of cases.column(createdAt)) expect(serialAsText(cell)).toBe('2026-11-28 23:11:55');

    const register = await openInCalc(inA.Manager, '/api/report/getAbcRegisterCsv', { month: '2026-11' });
    const wards = register.column(tr('field.wardZone'));
    expect(wards.map((c) => c.text).sort()).toEqual(names.map(displayed).sort());
    for (const cell of wards) expect(cell, cell.text).toMatchObject({ type: 's', formula: false });
    expect(cases.formulas + register.formulas).toBe(0);
  });
});

/** What Calc holds for a stored value: the zero-width guard before formula characters; a carriage return is read as a line break. */
function displayed(value: string): string {
  return (/^[=+\-@\t\r]/.test(value) ? `${GUARD}${value}` : value).replace('\r', '\n');
}

function serialAsText(cell: Cell): string {
  expect(cell.type, cell.text).toBe('n');
  const ms = Math.round((Number(cell.text) - 25569) * 86_400) * 1000;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

async function openInCalc(caller: Caller, url: string, body: object): Promise<{ header: string[]; formulas: number; column: (header: string) => Cell[] }> {
  if (!SOFFICE) throw new Error('LibreOffice is not installed: apt-get install -y libreoffice-calc (the test runs /usr/bin/soffice)');
  const response = await caller.post(url, body);
  expect(response.statusCode, response.body).toBe(200);
  const dir = await mkdtemp(path.join(tmpdir(), 'csv-calc-'));
  try {
    await writeFile(path.join(dir, 'export.csv'), response.rawPayload);
    // 44: comma, 34: double quote, 76: UTF-8, 1: data from line 1 — what Calc's import dialog offers for this file.
    // A profile of its own, so a run beside another LibreOffice does not wait on that one's lock.
    await promisify(execFile)(SOFFICE, [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'xlsx', '--infilter=CSV:44,34,76,1', '--outdir', dir, path.join(dir, 'export.csv')], { timeout: 90_000 });
    const zip = await readFile(path.join(dir, 'export.xlsx'));
    return readSheet(unzip(zip, 'xl/worksheets/sheet1.xml'), unzip(zip, 'xl/sharedStrings.xml'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The cells of the first sheet, by column heading; formulas counted over the whole sheet. */
function readSheet(sheet: string, sharedStrings: string) {
  const strings = [...sharedStrings.matchAll(/<si>(.*?)<\/si>/gs)].map((m) => [...m[1]!.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => xmlText(t[1]!)).join(''));
  const rows: Cell[][] = [];
  for (const row of sheet.matchAll(/<row [^>]*>(.*?)<\/row>/gs)) {
    const cells: Cell[] = [];
    for (const c of row[1]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const index = [...c[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      const type = /t="(\w+)"/.exec(c[2]!)?.[1] ?? 'n';
      const value = /<v>(.*?)<\/v>/s.exec(c[3] ?? '')?.[1] ?? '';
      cells[index] = { type, text: type === 's' ? strings[Number(value)]! : xmlText(value), formula: /<f[ >]/.test(c[3] ?? '') };
    }
    rows.push(cells);
  }
  const header = (rows[0] ?? []).map((c) => c.text);
  return {
    header,
    formulas: (sheet.match(/<f[ >]/g) ?? []).length,
    column: (name: string): Cell[] => {
      const index = header.indexOf(name);
      expect(index, `${name} in ${header.join(' | ')}`).toBeGreaterThanOrEqual(0);
      return rows.slice(1).map((r) => r[index] ?? { type: 'blank', text: '', formula: false });
    },
  };
}

function xmlText(xml: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return xml.replace(/&(#x?[0-9a-f]+|\w+);/gi, (_, e: string) => (e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (named[e] ?? `&${e};`)));
}

/** One file of a zip (an xlsx), found through the central directory: stored or deflated. */
function unzip(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entry === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`${name} is not in the xlsx`);
}
