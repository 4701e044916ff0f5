import { Box, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  volumes: { day: string; vehicles: number }[];
}

/** A small bar chart of vehicles per day for the summary panel. */
export function VolumeBars({ volumes }: Props) {
  const { t, i18n } = useTranslation();
  if (volumes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('map.summary.noData')}
      </Typography>
    );
  const highest = Math.max(...volumes.map((volume) => volume.vehicles), 1);
  return (
    <Box
      role="img"
      aria-label={t('map.summary.volumeChart')}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 72, mt: 1 }}
    >
      {volumes.map((volume) => (
        <Tooltip
          key={volume.day}
          title={`${volume.day}: ${volume.vehicles.toLocaleString(i18n.language)}`}
        >
          <Box
            sx={{
              flex: 1,
              minWidth: 2,
              height: `${Math.max(2, (volume.vehicles / highest) * 100)}%`,
              bgcolor: 'primary.main',
              borderRadius: '2px 2px 0 0',
            }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}
