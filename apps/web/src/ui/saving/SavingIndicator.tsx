import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SavingState } from './useSavingIndicator.ts';

interface Props {
  state: SavingState;
}

/** 'Saving…' and then 'Saved', announced politely; the region stays so screen readers hear both. */
export function SavingIndicator({ state }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 24 }}
    >
      {state === 'saving' && (
        <>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {t('saving.saving')}
          </Typography>
        </>
      )}
      {state === 'saved' && (
        <>
          <CheckCircleOutlinedIcon fontSize="small" color="success" aria-hidden />
          <Typography variant="body2" color="success.main">
            {t('saving.saved')}
          </Typography>
        </>
      )}
    </Box>
  );
}
