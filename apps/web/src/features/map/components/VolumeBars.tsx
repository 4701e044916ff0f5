import { Box, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Up to this many days the chart draws a bar a day; beyond, a line. */
export const MOST_BARS = 92;

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
  // Past about three months, bars turn into stripes: a line shows the shape instead.
  if (volumes.length > MOST_BARS) {
    const step = 100 / (volumes.length - 1);
    const points = volumes
      .map(
        (volume, index) =>
          `${(index * step).toFixed(2)},${(100 - (volume.vehicles / highest) * 100).toFixed(2)}`,
      )
      .join(' ');
    const first = volumes[0] as { day: string };
    const last = volumes[volumes.length - 1] as { day: string };
    return (
      <Box
        component="svg"
        role="img"
        aria-label={t('map.summary.volumeChart')}
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        sx={{ display: 'block', width: '100%', height: 72, mt: 1, color: 'primary.main' }}
      >
        <title>
          {t('map.summary.volumeRange', {
            first: first.day,
            last: last.day,
            highest: highest.toLocaleString(i18n.language),
          })}
        </title>
        <polygon points={`0,100 ${points} 100,100`} fill="currentColor" opacity={0.2} />
        <polyline
          points={points}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      </Box>
    );
  }
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
