// Loaded only when Hindi is chosen: the Devanagari font (self-hosted, Devanagari glyphs only; the
// Latin text keeps the system font). The date pickers' Hindi names come with the pickers
// (date-picker-locales.ts).
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';

/** How long the first Hindi screen waits for its font before it is drawn anyway (a slow or lost network). */
const FONT_WAIT_MS = 3_000;

/**
 * Both weights, fetched before Hindi text is drawn: text that Chromium lays out while the font is
 * still on its way can keep its fallback shaping after the font arrives, which on a system without
 * a Devanagari font of its own is a row of empty boxes (seen in headless Chromium on Linux). The
 * wait is bounded, so a font that never comes never keeps the app from opening.
 */
export function devanagariFontLoaded(): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const loaded = Promise.all(['400', '600'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क').catch(() => []))).then(() => undefined);
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}
