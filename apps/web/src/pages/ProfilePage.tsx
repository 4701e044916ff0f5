import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ChangelogOptOut } from '@/features/billing/components/ChangelogOptOut.tsx';
import { ProfileScreen } from '@/features/profile/components/ProfileScreen.tsx';
import { TourReplayCard } from '@/features/tour/components/TourReplayCard.tsx';

/** /ui/profile */
export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('profile.title')}</Typography>
      <ProfileScreen
        moreCards={
          <>
            <TourReplayCard />
            <ChangelogOptOut />
          </>
        }
      />
    </Stack>
  );
}
