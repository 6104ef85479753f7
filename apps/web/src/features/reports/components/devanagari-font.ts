// Printed pages show Hindi names (wards, NGOs, reporters) whatever the app's language: the
// self-hosted Devanagari font is declared here too. Its @font-face covers Devanagari only
// (unicode-range), so the browser fetches it only when such text is on the page.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
