import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance, type i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, type Translate } from '@roadcount/domain';

/**
 * The emails' (and the reports' AADT labels') wording, in the recipient's language. The texts are the `emails.*` keys of the
 * web's locale files, so one catalogue (and one translation workflow) covers the screens and the
 * mail; a key missing in a locale falls back to English, as on the screens.
 */
const LOCALE_DIRECTORY = fileURLToPath(
  new URL('../../../../web/src/i18n/locales/', import.meta.url),
);

type Catalogue = Record<string, unknown>;

let instance: I18n | undefined;

function translator(): I18n {
  if (instance) return instance;
  const resources = Object.fromEntries(
    LOCALES.map((locale) => {
      const catalogue = JSON.parse(
        readFileSync(`${LOCALE_DIRECTORY}${locale}.json`, 'utf8'),
      ) as Catalogue;
      // Only the mail's and the reports' keys are kept: the server has no use for the screens'.
      return [
        locale,
        {
          translation: {
            emails: catalogue.emails ?? {},
            aadtLabel: catalogue.aadtLabel ?? {},
            fileChecks: catalogue.fileChecks ?? {},
            // How the figures were made (issue 36), with the Definitions' formulas it cites.
            figureExplanation: catalogue.figureExplanation ?? {},
            definitions: { terms: (catalogue.definitions as Catalogue | undefined)?.terms ?? {} },
          },
        },
      ];
    }),
  );
  const created = createInstance();
  void created.init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance = created;
  return created;
}

/** The language a user reads mail in: the one chosen in their profile, else English. */
export function mailLocale(preferences: Record<string, unknown> | null | undefined): Locale {
  const chosen = preferences?.locale;
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

/** One `emails.<key>` text in `locale`, its `{{name}}` parameters filled in. */
export function mailText(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string {
  return translator().t(`emails.${key}`, { ...params, lng: locale });
}

/**
 * The catalogue's texts shared by the screens and the reports (`aadtLabel.*`), and the reasons a
 * file is held for review written when it is read (`fileChecks.*`), in `locale`.
 */
export function catalogueTranslate(locale: Locale): Translate {
  return (key, params) => translator().t(key, { ...params, lng: locale });
}

/** A date and time as the recipient writes it, in UTC (named, so nobody reads it as local). */
export function mailDateTime(locale: Locale, when: Date): string {
  return `${new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(when)} UTC`;
}

/** A whole message: greeting, paragraphs and the sign-off, in the recipient's language. */
export function mailBody(locale: Locale, name: string | null | undefined, paragraphs: string[]) {
  const greeting = name?.trim()
    ? mailText(locale, 'greeting', { name: name.trim() })
    : mailText(locale, 'greetingNoName');
  return [greeting, ...paragraphs, mailText(locale, 'signOff')].join('\n\n') + '\n';
}
