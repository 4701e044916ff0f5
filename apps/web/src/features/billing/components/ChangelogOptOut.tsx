import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/features/flash/useFlash.ts';
import { useProfile, useUpdateUserPreference } from '@/features/profile/api/profileApi.ts';
import { ProfileCard } from '@/features/profile/components/ProfileCard.tsx';
import { errorMessage } from '@/features/users/api/requestErrors.ts';

/** Whether the user receives the changelog email (on unless they turn it off). */
export function ChangelogOptOut() {
  const { t } = useTranslation();
  const flash = useFlash();
  const profile = useProfile();
  const update = useUpdateUserPreference();
  const receiving = profile.data?.profile.preferences.changelogEmails !== false;
  return (
    <ProfileCard title={t('billing.optOut.title')}>
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
    </ProfileCard>
  );
}
