import {
  Alert,
  Button,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTmg, useTmgCheck, type TmgFailure } from '../api/tmgExportApi.ts';

/** The guide's codes offered for the station record (TMG 2016 table 7-3). */
const FUNCTIONAL_CLASSES = ['1', '2', '3', '4', '5', '6', '7'].flatMap((digit) => [
  `${digit}R`,
  `${digit}U`,
]);
const SENSORS = [...'ABCDEFGHIJKLMPQRSTUVWXZ'];
const PURPOSES = [...'EILOPR'];
const METHODS = [...'ABCDEFGHIKLMNORSVZ'];

interface Props {
  siteId: string;
}

/** The site's FHWA TMG 2022 export for a year: the TMAS checks first, each failure listed. */
export function TmgExportPanel({ siteId }: Props) {
  const { t } = useTranslation();
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [stateCode, setStateCode] = useState('');
  const [functionalClass, setFunctionalClass] = useState('');
  const [countyCode, setCountyCode] = useState('');
  const [sensorType, setSensorType] = useState('');
  const [primaryPurpose, setPrimaryPurpose] = useState('P');
  const [classificationMethod, setClassificationMethod] = useState('F');
  const [downloadError, setDownloadError] = useState<string>();
  const check = useTmgCheck();
  const request = {
    siteId,
    year: Number(year),
    stateCode,
    functionalClass,
    countyCode,
    sensorType,
    primaryPurpose,
    classificationMethod,
  };
  const valid = /^\d{4}$/.test(year) && /^\d{2}$/.test(stateCode) && /^(\d{3})?$/.test(countyCode);
  const codeName = (code: string, name: string) => t('fieldQuality.tmg.codeName', { code, name });
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
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('fieldQuality.tmg.stationHelp')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        <TextField
          select
          size="small"
          label={t('fieldQuality.tmg.functionalClass')}
          value={functionalClass}
          onChange={(event) => setFunctionalClass(event.target.value)}
          sx={{ minWidth: { sm: 260 } }}
        >
          <MenuItem value="">{t('fieldQuality.tmg.notGiven')}</MenuItem>
          {FUNCTIONAL_CLASSES.map((code) => (
            <MenuItem key={code} value={code}>
              {t('fieldQuality.tmg.functionalArea', {
                code,
                name: t(`fieldQuality.tmg.functionalClasses.${code.charAt(0)}`),
                area: t(code.endsWith('R') ? 'fieldQuality.tmg.rural' : 'fieldQuality.tmg.urban'),
              })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('fieldQuality.tmg.countyCode')}
          helperText={t('fieldQuality.tmg.countyCodeHelp')}
          value={countyCode}
          onChange={(event) => setCountyCode(event.target.value.trim())}
          error={!/^(\d{3})?$/.test(countyCode)}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          sx={{ width: { sm: 260 } }}
        />
        <TextField
          select
          size="small"
          label={t('fieldQuality.tmg.sensorType')}
          value={sensorType}
          onChange={(event) => setSensorType(event.target.value)}
          sx={{ minWidth: { sm: 220 } }}
        >
          <MenuItem value="">{t('fieldQuality.tmg.notGiven')}</MenuItem>
          {SENSORS.map((code) => (
            <MenuItem key={code} value={code}>
              {codeName(code, t(`fieldQuality.tmg.sensors.${code}`))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('fieldQuality.tmg.primaryPurpose')}
          value={primaryPurpose}
          onChange={(event) => setPrimaryPurpose(event.target.value)}
          sx={{ minWidth: { sm: 260 } }}
        >
          {PURPOSES.map((code) => (
            <MenuItem key={code} value={code}>
              {codeName(code, t(`fieldQuality.tmg.purposes.${code}`))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('fieldQuality.tmg.classificationMethod')}
          value={classificationMethod}
          onChange={(event) => setClassificationMethod(event.target.value)}
          sx={{ minWidth: { sm: 260 } }}
        >
          {METHODS.map((code) => (
            <MenuItem key={code} value={code}>
              {codeName(code, t(`fieldQuality.tmg.methods.${code}`))}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row">
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
