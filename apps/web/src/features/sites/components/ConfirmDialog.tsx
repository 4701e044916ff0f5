import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  text: string;
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes-or-no question before something that is hard to take back (SPEC section 5). */
export function ConfirmDialog({ title, text, confirm, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('siteDelete.cancel')}</Button>
        <Button variant="contained" color="error" disabled={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
