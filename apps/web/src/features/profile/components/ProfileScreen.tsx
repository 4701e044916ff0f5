import { Alert, Box, CircularProgress, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@roadcount/domain';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useProfile } from '@/lib/profile.ts';
import { AccountDetails } from './AccountDetails.tsx';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { LanguagePreference } from './LanguagePreference.tsx';
import { NotificationsCard } from './NotificationsCard.tsx';
import { TasksCard } from './TasksCard.tsx';

/** Every signed-in user's own account: details, notifications, tasks, language, email, password. */
interface Props {
  /** Cards other features keep on the profile (the changelog email choice), from ProfilePage. */
  moreCards: ReactNode;
}

export function ProfileScreen({ moreCards }: Props) {
  const { t } = useTranslation();
  const profile = useProfile();

  if (profile.error) return <Alert severity="error">{errorMessage(profile.error)}</Alert>;
  if (!profile.data) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Stack>
    );
  }

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
        gap: 2,
        alignItems: 'start',
        maxWidth: 1400,
      }}
    >
      <Stack spacing={2}>
        <AccountDetails profile={profile.data} />
        <NotificationsCard />
        <LanguagePreference />
        {moreCards}
      </Stack>
      <Stack spacing={2}>
        <TasksCard />
        {can(
          {
            role: profile.data.role,
            organisationId: profile.data.organisation_id,
            isDemo: profile.data.is_demo,
          },
          'profile.changeCredentials',
        ) ? (
          <>
            <ChangeEmailForm currentEmail={profile.data.email} />
            <ChangePasswordForm />
          </>
        ) : (
          <Alert severity="info">{t('hardening.demoCredentials')}</Alert>
        )}
      </Stack>
    </Box>
  );
}
