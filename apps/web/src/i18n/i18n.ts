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

/** Texts changed on the Translate screen: locale, then dotted key, then text. */
export type TranslationOverrides = Record<string, Record<string, string>>;

/**
 * Lays texts staff changed over the bundled catalogues, so a change shows without a rebuild; a
 * removed override (absent here) falls back to the bundled text.
 */
export function applyTranslationOverrides(
  overrides: TranslationOverrides,
  previous: TranslationOverrides = {},
): void {
  for (const [locale, texts] of Object.entries(previous)) {
    for (const key of Object.keys(texts)) {
      if (overrides[locale]?.[key] !== undefined) continue;
      const bundled = bundledText(locale, key);
      if (bundled !== undefined) i18n.addResource(locale, 'translation', key, bundled);
    }
  }
  for (const [locale, texts] of Object.entries(overrides)) {
    if (!isLocale(locale)) continue;
    for (const [key, text] of Object.entries(texts)) {
      i18n.addResource(locale, 'translation', key, text);
    }
  }
}

/** The text a dotted key has in the bundled catalogue of a locale. */
export function bundledText(locale: string, key: string): string | undefined {
  if (!isLocale(locale)) return undefined;
  let node: unknown = resources[locale].translation;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The overrides from the server, or none when it cannot be reached within a few seconds. */
async function fetchOverrides(): Promise<TranslationOverrides> {
  if (typeof fetch === 'undefined' || typeof window === 'undefined') return {};
  try {
    const response = await fetch('/api/translations', {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(4000),
    });
    return response.ok ? ((await response.json()) as TranslationOverrides) : {};
  } catch {
    return {};
  }
}

export const i18nReady = i18n
  .use(initReactI18next)
  .init({
    resources,
    lng: storedLocale(),
    supportedLngs: [...LOCALES],
    // A key missing from a catalogue shows the English wording.
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(async (t) => {
    // Only a browser loading the app asks the server; unit tests keep the bundled texts.
    if (import.meta.env.MODE !== 'test') applyTranslationOverrides(await fetchOverrides());
    return t;
  });

export default i18n;
