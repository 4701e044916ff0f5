import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { useProfile, useUpdateUserPreference } from '@/lib/profile.ts';
import { SectionCard } from '@/ui/SectionCard.tsx';
import { errorMessage } from '@/lib/requestErrors.ts';

/** Whether the user receives the changelog email (on unless they turn it off). */
export function ChangelogOptOut() {
  const { t } = useTranslation();
  const flash = useFlash();
  const profile = useProfile();
  const update = useUpdateUserPreference();
  const receiving = profile.data?.profile.preferences.changelogEmails !== false;
  return (
    <SectionCard title={t('billing.optOut.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('billing.optOut.help')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={receiving}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(
                { changelogEmails: event.target.checked },
                {
                  onError: (error) => flash({ message: errorMessage(error), severity: 'error' }),
                },
              )
            }
          />
        }
        label={t('billing.optOut.label')}
      />
    </SectionCard>
  );
}
