import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFileCounts } from '../api/filesApi.ts';

const SHOWN = ['LOAD', 'WFR', 'ACC', 'REJ', 'PDC'] as const;

/** How many of the organisation's files are in each data status. */
export function FilesSummary() {
  const { t, i18n } = useTranslation();
  const counts = useFileCounts();
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, p: 2 }}
      component="ul"
      aria-label={t('filesMore.summary.title')}
    >
      {SHOWN.map((status) => (
        <Box component="li" key={status} sx={{ listStyle: 'none' }}>
          <Chip
            variant="outlined"
            label={
              <Typography variant="body2" component="span">
                {t(status === 'PDC' ? 'filesMore.summary.passed' : `files.status.${status}`)}
                {': '}
                <strong>
                  {counts.data ? counts.data[status].toLocaleString(i18n.language) : '…'}
                </strong>
              </Typography>
            }
          />
        </Box>
      ))}
    </Stack>
  );
}
