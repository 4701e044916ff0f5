import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES, frFR, itIT, nlNL, ptPT } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/nl';
import 'dayjs/locale/pt';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@roadcount/domain';

/** Each interface language's day.js locale (date order, month names) and picker texts. */
const PICKER_LOCALES: Record<
  Locale,
  { dayjs: string; texts: typeof enUS.components.MuiLocalizationProvider.defaultProps.localeText }
> = {
  'en-GB': {
    dayjs: 'en-gb',
    texts: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
  },
  fr: { dayjs: 'fr', texts: frFR.components.MuiLocalizationProvider.defaultProps.localeText },
  'nl-NL': { dayjs: 'nl', texts: nlNL.components.MuiLocalizationProvider.defaultProps.localeText },
  es: { dayjs: 'es', texts: esES.components.MuiLocalizationProvider.defaultProps.localeText },
  it: { dayjs: 'it', texts: itIT.components.MuiLocalizationProvider.defaultProps.localeText },
  'pt-PT': { dayjs: 'pt', texts: ptPT.components.MuiLocalizationProvider.defaultProps.localeText },
};

/**
 * Issue 37: date fields follow the interface language (en-GB reads 28/11/2025), not the
 * browser's locale as the native date input does.
 */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const picked = PICKER_LOCALES[i18n.language as Locale] ?? PICKER_LOCALES['en-GB'];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={picked.dayjs}
      localeText={picked.texts}
    >
      {children}
    </LocalizationProvider>
  );
}
