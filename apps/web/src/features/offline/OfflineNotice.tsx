import { Alert, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from './useOnlineStatus.ts';

/** SPEC section 4: going offline shows 'You've lost connection' at the bottom left. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <Snackbar open={!online} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert severity="warning" variant="filled" role="status">
        {t('offline.lostConnection')}
      </Alert>
    </Snackbar>
  );
}
