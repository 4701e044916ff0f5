export const LOCALES = ['en-GB', 'fr', 'nl-NL', 'es', 'it', 'pt-PT'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-GB';

/** Each locale's name in its own language, for the locale picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-GB': 'English (UK)',
  fr: 'Français',
  'nl-NL': 'Nederlands',
  es: 'Español',
  it: 'Italiano',
  'pt-PT': 'Português',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
