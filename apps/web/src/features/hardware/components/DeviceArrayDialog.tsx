import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/requestErrors.ts';
import {
  useCreateDeviceArray,
  useUpdateDeviceArray,
  type Device,
  type DeviceArray,
} from '../api/hardwareApi.ts';

interface Props {
  studs: Device[];
  /** The array to change; a new one when none. */
  array?: DeviceArray;
  onClose: () => void;
}

/**
 * A new array, or a change to one: the studs across a lane, in the order ticked, and the spacing
 * between them. A changed array's mappings stay; its realtime sites' days are rebuilt from their
 * events by a recorrelation.
 */
export function DeviceArrayDialog({ studs, array, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const created = useCreateDeviceArray();
  const updated = useUpdateDeviceArray();
  const create = array ? updated : created;
  const [name, setName] = useState(array?.name ?? '');
  const [spacing, setSpacing] = useState(String(array?.spacing_m ?? 1.5));
  const [chosen, setChosen] = useState<string[]>(array?.device_ids ?? []);
  const toggle = (id: string) =>
    setChosen((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));

  const save = async () => {
    const input = { name: name.trim(), spacing_m: Number(spacing), device_ids: chosen };
    try {
      if (array) await updated.mutateAsync({ id: array.id, changes: input });
      else await created.mutateAsync(input);
      onClose();
    } catch {
      // Shown below.
    }
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {array
          ? t('realtime.arrays.editTitle', { name: array.name })
          : t('hardware.arrays.newTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('hardware.arrays.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
          />
          <TextField
            label={t('hardware.arrays.spacing')}
            value={spacing}
            onChange={(event) => setSpacing(event.target.value)}
            inputMode="decimal"
          />
          <FormLabel component="legend">{t('hardware.arrays.studs')}</FormLabel>
          <FormGroup>
            {studs.map((stud) => (
              <FormControlLabel
                key={stud.id}
                control={
                  <Checkbox checked={chosen.includes(stud.id)} onChange={() => toggle(stud.id)} />
                }
                label={stud.name ? `${stud.serial} · ${stud.name}` : stud.serial}
              />
            ))}
          </FormGroup>
          {create.error && <Alert severity="error">{errorMessage(create.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={create.isPending || !name.trim() || chosen.length === 0}
        >
          {t('hardware.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
