// Loaded only when Hindi is chosen: the Devanagari font (self-hosted, Devanagari glyphs only; the
// Latin text keeps the system font) and the date pickers' Hindi month and day names.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import 'dayjs/locale/hi';
