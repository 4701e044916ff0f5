import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceKind } from '@roadcount/domain';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useCreateDevice, useUpdateDevice, type Device, type Gateway } from '../api/hardwareApi.ts';

interface Props {
  kind: DeviceKind;
  /** The device being changed; a new one when null. */
  device: Device | null;
  gateways: Gateway[];
  onClose: () => void;
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** Registers a device or changes one: serial, model, name, the gateway that hears it, position. */
export function DeviceDialog({ kind, device, gateways, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateDevice();
  const update = useUpdateDevice();
  const [serial, setSerial] = useState(device?.serial ?? '');
  const [model, setModel] = useState(device?.model ?? '');
  const [name, setName] = useState(device?.name ?? '');
  const [gatewayId, setGatewayId] = useState(device?.gateway_id ?? '');
  const [latitude, setLatitude] = useState(device?.latitude?.toString() ?? '');
  const [longitude, setLongitude] = useState(device?.longitude?.toString() ?? '');
  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const save = async () => {
    const fields = {
      serial: serial.trim(),
      model: model.trim() || null,
      name: name.trim() || null,
      latitude: numberOrNull(latitude),
      longitude: numberOrNull(longitude),
      ...(kind === 'roadstud' ? { gateway_id: gatewayId || null } : {}),
    };
    try {
      if (device) await update.mutateAsync({ id: device.id, changes: fields });
      else await create.mutateAsync({ kind, ...fields });
      onClose();
    } catch {
      // The dialog shows the server's reason.
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {device
          ? t('hardware.dialog.editTitle', { serial: device.serial })
          : t(`hardware.dialog.newTitle.${kind}`)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('hardware.fields.serial')}
            value={serial}
            onChange={(event) => setSerial(event.target.value)}
            required
            autoFocus
          />
          <TextField
            label={t('hardware.fields.model')}
            value={model}
            onChange={(event) => setModel(event.target.value)}
          />
          <TextField
            label={t('hardware.fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          {kind === 'roadstud' && (
            <TextField
              select
              label={t('hardware.fields.gateway')}
              value={gatewayId}
              onChange={(event) => setGatewayId(event.target.value)}
            >
              <MenuItem value="">{t('hardware.fields.noGateway')}</MenuItem>
              {gateways.map((gateway) => (
                <MenuItem key={gateway.id} value={gateway.id}>
                  {gateway.name ? `${gateway.serial} · ${gateway.name}` : gateway.serial}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('hardware.fields.latitude')}
              value={latitude}
              onChange={(event) => setLatitude(event.target.value)}
              inputMode="decimal"
              fullWidth
            />
            <TextField
              label={t('hardware.fields.longitude')}
              value={longitude}
              onChange={(event) => setLongitude(event.target.value)}
              inputMode="decimal"
              fullWidth
            />
          </Stack>
          {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !serial.trim()}>
          {t('hardware.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
