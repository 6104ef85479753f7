// Printed pages show Hindi names (wards, NGOs, reporters) whatever the app's language: the
// self-hosted Devanagari font is declared here too. Its @font-face covers Devanagari only
// (unicode-range), so the browser fetches it only when such text is on the page.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import { useEffect, useState } from 'react';

const DEVANAGARI = /[\u0900-\u097F]/;
/** How long a page waits for the font before it shows its text anyway (a slow or lost network). */
const FONT_WAIT_MS = 3_000;

let fontReady = false;
let loading: Promise<void> | undefined;

function loadFont(): Promise<void> {
  loading ??= Promise.race([
    Promise.all(['400', '600'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क').catch(() => []))).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS)),
  ]).then(() => {
    fontReady = true;
  });
  return loading;
}

function fontNeeded(text: string): boolean {
  if (fontReady || !DEVANAGARI.test(text) || typeof document === 'undefined' || !('fonts' in document)) return false;
  return !document.fonts.check('400 1em "Noto Sans Devanagari"', 'क');
}

/**
 * False while Hindi text (a ward or NGO name on an English page) waits for the Devanagari font.
 * Text that Chromium lays out before the font arrives can keep its fallback shaping afterwards, which
 * on a system without a Devanagari font of its own is a row of empty boxes (seen in headless Chromium
 * on Linux, on the report's table in English), so such text is shown once the font is there.
 */
export function useDevanagariReady(text: string): boolean {
  const needed = fontNeeded(text);
  const [, loaded] = useState(0);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    void loadFont().then(() => {
      if (live) loaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [needed]);
  return !needed;
}
