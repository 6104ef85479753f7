// Loaded only when Hindi is chosen: the Devanagari font (self-hosted, Devanagari glyphs only; the
// Latin text keeps the system font) and the date pickers' Hindi month and day names.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import 'dayjs/locale/hi';

// Both weights are fetched before any Hindi text is drawn. Text that Chromium lays out while the font
// is still on its way keeps its fallback shaping after the font arrives, which on a system without a
// Devanagari font of its own is a row of empty boxes (seen in headless Chromium on Linux).
if (typeof document !== 'undefined' && 'fonts' in document) {
  await Promise.all(['400', '600'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क').catch(() => [])));
}
