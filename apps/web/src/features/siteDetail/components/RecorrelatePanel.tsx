import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '@/lib/http.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import { DateField } from '@/ui/DateField.tsx';

interface Props {
  siteId: string;
}

/** Today's date, YYYY-MM-DD, in the browser's time zone. */
const today = () => new Date().toLocaleDateString('en-CA');

/** The UTC instant a date's day starts, as ISO 8601 (recorrelation works in whole UTC days). */
const startOf = (date: string) => `${date}T00:00:00Z`;
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * Issue 27: a realtime site's vehicles rebuilt from its stored sensor events over some days,
 * after a device mapping changed (the recorrelate_sensor_events task; its progress shows with the
 * site's other tasks).
 */
export function RecorrelatePanel({ siteId }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const recorrelate = useMutation({
    mutationFn: () =>
      http.post(
        '/core/api/realtime/sites/{id}/recorrelate',
        { from: startOf(from), to: dayAfter(to) },
        { path: { id: siteId } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['siteTasks', siteId] }),
  });
  return (
    <Stack spacing={1} component="section" aria-label={t('realtime.recorrelate.title')}>
      <Typography variant="subtitle2" component="h3">
        {t('realtime.recorrelate.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('realtime.recorrelate.description')}
      </Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <DateField
          size="small"
          label={t('realtime.recorrelate.from')}
          value={from}
          onChange={setFrom}
        />
        <DateField size="small" label={t('realtime.recorrelate.to')} value={to} onChange={setTo} />
        <Button
          variant="outlined"
          disabled={recorrelate.isPending || !from || !to}
          onClick={() => recorrelate.mutate()}
        >
          {t('realtime.recorrelate.apply')}
        </Button>
      </Stack>
      {recorrelate.isSuccess && (
        <Alert severity="success">{t('realtime.recorrelate.queued')}</Alert>
      )}
      {recorrelate.error && <Alert severity="error">{errorMessage(recorrelate.error)}</Alert>}
    </Stack>
  );
}
