import en from '@rescuedesk/shared/locales/en/citizen.json';
import hi from '@rescuedesk/shared/locales/hi/citizen.json';
import enNotices from '@rescuedesk/shared/locales/en/notices.json';
import hiNotices from '@rescuedesk/shared/locales/hi/notices.json';

export type PublicLanguage = 'en' | 'hi';
/** The switch offers Hindi first: most reporters read it. */
export const PUBLIC_LANGUAGES: readonly PublicLanguage[] = ['hi', 'en'];
/** The citizen area, and the notices area for the choice of messages and the link that stops them. */
export type CitizenKey = keyof typeof en | keyof typeof enNotices;

const CATALOGUES: Record<PublicLanguage, Record<CitizenKey, string>> = { en: { ...en, ...enNotices }, hi: { ...hi, ...hiNotices } };
const STORAGE_KEY = 'rescuedesk.public.language';

/**
 * The citizen's pages speak the browser's language first (Hindi when it prefers Hindi), or the one
 * the person chose here. Their texts are the citizen area of the shared catalogues, read as plain
 * JSON: the staff app's catalogue compiler is not part of this small page.
 */
export function initialLanguage(): PublicLanguage {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept === 'en' || kept === 'hi') return kept;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  const preferred = navigator.languages ?? [navigator.language];
  return preferred.some((tag) => tag?.toLowerCase().startsWith('hi')) ? 'hi' : 'en';
}

export function keepLanguage(language: PublicLanguage): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not kept: the page still switches.
  }
  document.documentElement.lang = language;
}

export type Translate = (key: CitizenKey, values?: Record<string, string | number>) => string;

export function translator(language: PublicLanguage): Translate {
  return (key, values = {}) => CATALOGUES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
