import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@roadcount/domain';
import enGB from './locales/en-GB.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nlNL from './locales/nl-NL.json';
import ptPT from './locales/pt-PT.json';

const LOCALE_STORAGE_KEY = 'locale';

export const resources = {
  'en-GB': { translation: enGB },
  fr: { translation: fr },
  'nl-NL': { translation: nlNL },
  es: { translation: es },
  it: { translation: it },
  'pt-PT': { translation: ptPT },
} as const;

export function storedLocale(): Locale {
  const stored =
    typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_STORAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Applies a locale at once and remembers it on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export const i18nReady = i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  supportedLngs: [...LOCALES],
  // A key missing from a catalogue shows the English wording.
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
