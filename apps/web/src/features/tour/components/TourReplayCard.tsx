import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/ui/SectionCard.tsx';
import { useTour } from './TourProvider.tsx';

/** Issue 37: the profile's way to take the guided tour again, from its first page. */
export function TourReplayCard() {
  const { t } = useTranslation();
  const { start } = useTour();
  return (
    <SectionCard title={t('tour.replay.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('tour.replay.body')}
      </Typography>
      <Box>
        <Button variant="outlined" onClick={start}>
          {t('tour.replay.start')}
        </Button>
      </Box>
    </SectionCard>
  );
}
