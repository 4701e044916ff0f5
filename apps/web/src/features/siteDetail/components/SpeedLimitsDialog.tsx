import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SPEED_LIMIT_EARLIEST_DATE, speedLimitListSchema } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetSpeedLimits, type SpeedLimit } from '../api/speedLimitsApi.ts';
import { speedIn, type Units } from '../siteDetailFilters.ts';
import { DateField } from '@/ui/DateField.tsx';

interface Props {
  siteId: string;
  limits: SpeedLimit[];
  units: Units;
  canEdit: boolean;
  onClose: () => void;
}

interface Row {
  from: string;
  limit: string;
}

/** A site's posted speed limits with the dates they apply from (SPEC section 5). */
export function SpeedLimitsDialog({ siteId, limits, units, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSetSpeedLimits(siteId);
  const unit = t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph');
  const [rows, setRows] = useState<Row[]>(() =>
    limits.map((limit) => ({
      from: limit.effective_from,
      limit: String(Math.round(speedIn(units, limit.limit_mps) * 10) / 10),
    })),
  );
  const toMps = (value: number) => value / speedIn(units, 1);
  const parsed = speedLimitListSchema.safeParse(
    rows.map((row) => ({
      effective_from: row.from || SPEED_LIMIT_EARLIEST_DATE,
      limit_mps: row.limit.trim() === '' ? Number.NaN : toMps(Number(row.limit)),
    })),
  );
  const problem = parsed.success
    ? undefined
    : parsed.error.issues[0]?.message === 'two limits start on the same date'
      ? t('siteDetail.limits.sameDate')
      : t('siteDetail.limits.invalid');
  const change = (index: number, changed: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...changed } : row)));
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="limits-title">
      <DialogTitle id="limits-title">{t('siteDetail.limits.title')}</DialogTitle>
      <DialogContent>
        {rows.length === 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('siteDetail.header.noSpeedLimit')}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {rows.map((row, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <DateField
                size="small"
                label={t('siteDetail.limits.from')}
                value={row.from}
                onChange={(day) => change(index, { from: day })}
                min={SPEED_LIMIT_EARLIEST_DATE}
                disabled={!canEdit}
              />
              <TextField
                type="number"
                size="small"
                label={t('siteDetail.limits.limit', { unit })}
                value={row.limit}
                onChange={(event) => change(index, { limit: event.target.value })}
                disabled={!canEdit}
              />
              {canEdit && (
                <IconButton
                  aria-label={t('siteDetail.limits.remove')}
                  onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Stack>
          ))}
          {canEdit && (
            <Button
              startIcon={<AddIcon />}
              onClick={() => setRows((current) => [...current, { from: '', limit: '' }])}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('siteDetail.limits.add')}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('siteDetail.limits.help')}
          </Typography>
          {problem && <Alert severity="error">{problem}</Alert>}
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('siteDetail.limits.close')}</Button>
        {canEdit && (
          <Button
            variant="contained"
            disabled={!parsed.success || save.isPending}
            onClick={() => parsed.success && save.mutate(parsed.data, { onSuccess: onClose })}
          >
            {t('siteDetail.limits.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
