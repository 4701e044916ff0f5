import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { newVersion } from './serviceWorker.ts';

/** SPEC section 2: a new version is waiting; Reload activates it and reloads. */
export function ReloadDialog() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(newVersion.subscribe, newVersion.isWaiting);
  const [later, setLater] = useState(false);
  const [reloading, setReloading] = useState(false);
  return (
    <Dialog open={waiting && !later} aria-labelledby="new-version-title" maxWidth="xs">
      <DialogTitle id="new-version-title">{t('help.newVersion.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('help.newVersion.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setLater(true)} disabled={reloading}>
          {t('help.newVersion.later')}
        </Button>
        <Button
          variant="contained"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void newVersion.reload();
          }}
        >
          {t('help.newVersion.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
