import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@roadcount/domain';
import { changeLocale } from '@/i18n/i18n.ts';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { SavingIndicator } from '@/ui/saving/SavingIndicator.tsx';
import { useSavingIndicator } from '@/ui/saving/useSavingIndicator.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useUpdateOwnProfile } from '../api/profileApi.ts';
import { SectionCard } from '@/ui/SectionCard.tsx';

/** The interface language: applied at once, and remembered on the user's profile. */
export function LanguagePreference() {
  const { t, i18n } = useTranslation();
  const flash = useFlash();
  const update = useUpdateOwnProfile();
  const { state, track } = useSavingIndicator();
  const current = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;

  const choose = async (locale: Locale) => {
    await changeLocale(locale);
    try {
      await track(update.mutateAsync({ locale }));
    } catch (error) {
      flash({ message: errorMessage(error), severity: 'error' });
    }
  };

  return (
    <SectionCard title={t('profile.language.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('profile.language.help')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <TextField
          select
          label={t('profile.language.label')}
          value={current}
          onChange={(event) => {
            if (isLocale(event.target.value)) void choose(event.target.value);
          }}
          sx={{ minWidth: 220 }}
        >
          {LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </MenuItem>
          ))}
        </TextField>
        <SavingIndicator state={state} />
      </Stack>
    </SectionCard>
  );
}
