import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Text in the server's PDFs in English and Hindi (docs/reports.md#the-pdf). The font is Noto Sans
 * Devanagari, self-hosted from @fontsource (the web app's own), whose files come split by script:
 * Devanagari, Latin and Latin Extended. pdfkit lays text out with fontkit, which shapes Devanagari
 * (conjuncts, half forms, reordered vowel signs, reph), so a run of Hindi is drawn with the
 * Devanagari file and the rest with the Latin ones. A character in none of them (another Indian
 * script, an emoji) shows as an empty box.
 */

export type FontWeight = 'regular' | 'bold';
type Script = 'deva' | 'latin' | 'latinExt';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('@fontsource/noto-sans-devanagari/package.json')), 'files');
const FILES: Record<Script, string> = { deva: 'devanagari', latin: 'latin', latinExt: 'latin-ext' };

let fontData: Map<string, Buffer> | undefined;

/** The font files, read once per process (about 200 kB). */
export function fontFiles(): Map<string, Buffer> {
  if (!fontData) {
    fontData = new Map();
    for (const [script, file] of Object.entries(FILES)) {
      for (const [weight, number] of [['regular', 400], ['bold', 700]] as const) {
        fontData.set(fontName(script as Script, weight), fs.readFileSync(path.join(FONT_DIR, `noto-sans-devanagari-${file}-${number}-normal.woff`)));
      }
    }
  }
  return fontData;
}

export function fontName(script: Script, weight: FontWeight): string {
  return `${script}-${weight}`;
}

function scriptOf(codePoint: number): Script | null {
  if (codePoint === 0x20) return null;
  if ((codePoint >= 0x0900 && codePoint <= 0x097f) || (codePoint >= 0x1cd0 && codePoint <= 0x1cff) || (codePoint >= 0xa8e0 && codePoint <= 0xa8ff) || codePoint === 0x200c || codePoint === 0x200d || codePoint === 0x20b9 || codePoint === 0x25cc) return 'deva';
  if (codePoint <= 0xff || (codePoint >= 0x2000 && codePoint <= 0x206f) || codePoint === 0x20ac || codePoint === 0x2122 || codePoint === 0x2212) return 'latin';
  return 'latinExt';
}

export interface TextRun {
  font: string;
  text: string;
}

/** The text cut into runs of one font each; a space stays with the run before it. */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const runs: TextRun[] = [];
  let current: Script | null = null;
  let buffer = '';
  for (const char of text) {
    const script: Script = scriptOf(char.codePointAt(0)!) ?? current ?? 'latin';
    if (current !== null && script !== current && buffer) {
      runs.push({ font: fontName(current, weight), text: buffer });
      buffer = '';
    }
    current = script;
    buffer += char;
  }
  if (buffer) runs.push({ font: fontName(current ?? 'latin', weight), text: buffer });
  return runs;
}
