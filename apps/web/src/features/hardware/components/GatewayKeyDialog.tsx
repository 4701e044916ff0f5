import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useRevokeGatewayKey, useRotateGatewayKey, type Device } from '../api/hardwareApi.ts';

interface Props {
  gateway: Device;
  onClose: () => void;
}

/**
 * A gateway's ingest key: made (or made again, which stops the old one) and shown this once, or
 * revoked. The server keeps only its hash, so a lost key is replaced, never shown again.
 */
export function GatewayKeyDialog({ gateway, onClose }: Props) {
  const { t } = useTranslation();
  const rotate = useRotateGatewayKey();
  const revoke = useRevokeGatewayKey();
  const [key, setKey] = useState<string | null>(null);
  const error = rotate.error ?? revoke.error;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('realtime.key.title', { serial: gateway.serial })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {gateway.has_api_key ? t('realtime.key.hasKey') : t('realtime.key.noKey')}
        </DialogContentText>
        {key && (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('realtime.key.once')}
            </Alert>
            <TextField
              label={t('realtime.key.label')}
              value={key}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'gateway-key' } }}
              onFocus={(event) => event.target.select()}
            />
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {gateway.has_api_key && !key && (
          <Button
            color="error"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(gateway.id, { onSuccess: onClose })}
          >
            {t('realtime.key.revoke')}
          </Button>
        )}
        {!key && (
          <Button
            variant="contained"
            disabled={rotate.isPending}
            onClick={() => rotate.mutate(gateway.id, { onSuccess: (made) => setKey(made.api_key) })}
          >
            {gateway.has_api_key ? t('realtime.key.rotate') : t('realtime.key.make')}
          </Button>
        )}
        <Button onClick={onClose}>{t('realtime.key.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
