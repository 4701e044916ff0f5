import {
  Alert,
  Button,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTmg, useTmgCheck, type TmgFailure } from '../api/tmgExportApi.ts';

interface Props {
  siteId: string;
}

/** The site's FHWA TMG 2022 export for a year: the TMAS checks first, each failure listed. */
export function TmgExportPanel({ siteId }: Props) {
  const { t } = useTranslation();
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [stateCode, setStateCode] = useState('');
  const [downloadError, setDownloadError] = useState<string>();
  const check = useTmgCheck();
  const request = { siteId, year: Number(year), stateCode };
  const valid = /^\d{4}$/.test(year) && /^\d{2}$/.test(stateCode);
  const failureText = (failure: TmgFailure) =>
    t(`fieldQuality.tmg.failures.${failure.code}`, {
      ...failure.params,
      site: failure.site,
      defaultValue: failure.message,
    });
  return (
    <Stack spacing={1.5} component="section" aria-label={t('fieldQuality.tmg.title')}>
      <Typography variant="subtitle2" component="h3">
        {t('fieldQuality.tmg.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('fieldQuality.tmg.description')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          size="small"
          label={t('fieldQuality.tmg.year')}
          value={year}
          onChange={(event) => setYear(event.target.value.trim())}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={{ width: { sm: 120 } }}
        />
        <TextField
          size="small"
          label={t('fieldQuality.tmg.stateCode')}
          helperText={t('fieldQuality.tmg.stateCodeHelp')}
          value={stateCode}
          onChange={(event) => setStateCode(event.target.value.trim())}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          sx={{ width: { sm: 220 } }}
        />
        <Button
          variant="outlined"
          disabled={!valid || check.isPending}
          onClick={() => {
            setDownloadError(undefined);
            check.mutate(request);
          }}
        >
          {t('fieldQuality.tmg.check')}
        </Button>
      </Stack>
      {check.error && <Alert severity="error">{check.error.message}</Alert>}
      {check.data && !check.data.passed && (
        <Alert severity="error" data-testid="tmg-failures">
          {t('fieldQuality.tmg.failed', { count: check.data.failures.length })}
          <List dense disablePadding>
            {check.data.failures.map((failure, index) => (
              <ListItem key={index} disableGutters>
                <ListItemText primary={failureText(failure)} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {check.data?.passed && (
        <Alert
          severity="success"
          data-testid="tmg-passed"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() =>
                void downloadTmg(request).catch((error: unknown) =>
                  setDownloadError(error instanceof Error ? error.message : String(error)),
                )
              }
            >
              {t('fieldQuality.tmg.download')}
            </Button>
          }
        >
          {t('fieldQuality.tmg.passed', check.data.records)}
        </Alert>
      )}
      {check.data?.notes.map((note, index) => (
        <Alert key={index} severity="info">
          {failureText(note)}
        </Alert>
      ))}
      {downloadError && <Alert severity="error">{downloadError}</Alert>}
    </Stack>
  );
}
