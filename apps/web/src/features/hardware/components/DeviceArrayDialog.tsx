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
import { errorMessage } from '../../users/api/requestErrors.ts';
import { useCreateDeviceArray, type Device } from '../api/hardwareApi.ts';

interface Props {
  studs: Device[];
  onClose: () => void;
}

/** A new array: the studs across a lane, in the order ticked, and the spacing between them. */
export function DeviceArrayDialog({ studs, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateDeviceArray();
  const [name, setName] = useState('');
  const [spacing, setSpacing] = useState('1.5');
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string) =>
    setChosen((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));

  const save = async () => {
    try {
      await create.mutateAsync({
        name: name.trim(),
        spacing_m: Number(spacing),
        device_ids: chosen,
      });
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
      <DialogTitle id={titleId}>{t('hardware.arrays.newTitle')}</DialogTitle>
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
