import FileDownloadIcon from '@mui/icons-material/FileDownload';
import {
  Alert,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@roadcount/domain';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useTranslationOverrides } from '../api/translateApi.ts';
import { bundledCatalogue, exportCatalogue } from '../catalogue.ts';
import { TranslationRow } from './TranslationRow.tsx';

const PAGE_SIZES = [25, 50, 100];

/** Translate (staff): every en-GB key with its text in a locale, edits stored as overrides. */
export function TranslateScreen() {
  const { t } = useTranslation();
  const overrides = useTranslationOverrides();
  const [locale, setLocale] = useState<Locale>('fr');
  const [search, setSearch] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const english = useMemo(() => bundledCatalogue('en-GB'), []);
  const bundled = useMemo(() => bundledCatalogue(locale), [locale]);
  const localeOverrides = useMemo(() => overrides.data?.[locale] ?? {}, [overrides.data, locale]);

  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return Object.entries(english).filter(([key, text]) => {
      const translated = localeOverrides[key] ?? bundled[key];
      if (missingOnly && translated) return false;
      if (!needle) return true;
      return [key, text, translated ?? ''].some((value) =>
        value.toLocaleLowerCase().includes(needle),
      );
    });
  }, [english, bundled, localeOverrides, search, missingOnly]);
  const missingCount = Object.keys(english).filter(
    (key) => !(localeOverrides[key] ?? bundled[key]),
  ).length;

  const download = () => {
    const json = `${JSON.stringify(exportCatalogue(locale, localeOverrides), null, 2)}\n`;
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${locale}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('translate.title')}</Typography>
      <Typography color="text.secondary">{t('translate.help')}</Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <TextField
          select
          label={t('translate.locale')}
          value={locale}
          onChange={(event) => {
            if (isLocale(event.target.value)) {
              setLocale(event.target.value);
              setPage(0);
            }
          }}
          sx={{ minWidth: 200 }}
        >
          {LOCALES.map((each) => (
            <MenuItem key={each} value={each} lang={each}>
              {LOCALE_NAMES[each]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('translate.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ flex: 1 }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={missingOnly}
              onChange={(event) => {
                setMissingOnly(event.target.checked);
                setPage(0);
              }}
            />
          }
          label={t('translate.missingOnly', { count: missingCount })}
        />
        <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={download}>
          {t('translate.export', { locale })}
        </Button>
      </Stack>
      {overrides.error && <Alert severity="error">{errorMessage(overrides.error)}</Alert>}
      <Typography variant="body2" color="text.secondary" role="status">
        {t('translate.summary', {
          shown: rows.length,
          total: Object.keys(english).length,
          missing: missingCount,
          edited: Object.keys(localeOverrides).length,
        })}
      </Typography>
      <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          sx={{ minWidth: 720, tableLayout: 'fixed' }}
          aria-label={t('translate.title')}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '22%' }}>{t('translate.key')}</TableCell>
              <TableCell sx={{ width: '34%' }}>{LOCALE_NAMES['en-GB']}</TableCell>
              <TableCell>{LOCALE_NAMES[locale]}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} align="center">
                  {t('translate.none')}
                </TableCell>
              </TableRow>
            )}
            {rows.slice(page * pageSize, (page + 1) * pageSize).map(([key, text]) => (
              <TranslationRow
                // A new locale or a saved override starts the row's draft again.
                key={`${locale}:${key}:${localeOverrides[key] ?? ''}`}
                locale={locale}
                entryKey={key}
                english={text}
                bundled={bundled[key]}
                override={localeOverrides[key]}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('translate.perPage')}
      />
    </Stack>
  );
}
