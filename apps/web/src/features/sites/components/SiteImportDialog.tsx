import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  CLASS_SCHEMES,
  SITE_IMPORT_COLUMNS,
  SITE_MESSAGES,
  SITE_TYPES,
  siteImportTemplate,
  type SiteImportError,
} from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { useImportSites } from '../api/siteLifecycleApi.ts';

interface Props {
  onClose: () => void;
}

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(siteImportTemplate())}`;
const COLUMNS = new Set<string>(SITE_IMPORT_COLUMNS.map((column) => column.header));

/** The file's errors by row, file-wide ones (row null) first, rows in order. */
function byRow(errors: readonly SiteImportError[]): [number | null, SiteImportError[]][] {
  const groups = new Map<number | null, SiteImportError[]>();
  for (const error of errors) groups.set(error.row, [...(groups.get(error.row) ?? []), error]);
  return [...groups].sort(([a], [b]) => (a ?? 0) - (b ?? 0));
}

/** SPEC section 2 and 5: creates sites from a CSV; the server checks it and answers every row's errors. */
export function SiteImportDialog({ onClose }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const flash = useFlash();
  const importSites = useImportSites();
  const [file, setFile] = useState<File | null>(null);
  const errors = importSites.data?.errors ?? [];

  // The import's own wording where a file needs other words than the edit form, else the form's.
  const problem = (error: SiteImportError) =>
    !i18n.exists(`siteImport.problems.${error.code}`) && error.code in SITE_MESSAGES
      ? t(`sites.problems.${error.code}`)
      : t(`siteImport.problems.${error.code}`, { ...error.params, defaultValue: error.message });
  const column = (field: string | null) =>
    field === null
      ? null
      : COLUMNS.has(field)
        ? t(`siteImport.columns.${field}`)
        : t('siteImport.unknownColumn', { name: field });

  const submit = async () => {
    if (!file) return;
    const result = await importSites.mutateAsync(await file.text());
    if (result.errors.length === 0) {
      flash({ message: t('siteImport.imported', { count: result.imported }), severity: 'success' });
      onClose();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="site-import-title"
    >
      <DialogTitle id="site-import-title">{t('siteImport.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('siteImport.intro')}</DialogContentText>
          <Typography variant="body2" color="text.secondary">
            {t('siteImport.required', {
              columns: SITE_IMPORT_COLUMNS.filter((item) => item.required)
                .map((item) => item.header)
                .join(', '),
            })}{' '}
            {t('siteImport.values', {
              types: SITE_TYPES.join(', '),
              schemes: CLASS_SCHEMES.map((scheme) => scheme.id).join(', '),
            })}
          </Typography>
          <Link href={TEMPLATE_HREF} download="roadcount-sites-template.csv">
            {t('siteImport.template')}
          </Link>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
              {t('siteImport.choose')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={t('siteImport.fileLabel')}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  importSites.reset();
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : t('siteImport.noFile')}
            </Typography>
          </Stack>
          {importSites.isError && <Alert severity="error">{importSites.error.message}</Alert>}
          {errors.length > 0 && (
            <Alert severity="error" role="alert">
              <AlertTitle>{t('siteImport.problem')}</AlertTitle>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('siteImport.nothingImported')}
              </Typography>
              <Box component="ul" aria-label={t('siteImport.errorsLabel')} sx={{ m: 0, pl: 2 }}>
                {byRow(errors).map(([row, rowErrors]) => (
                  <li key={row ?? 'file'}>
                    <Typography variant="subtitle2" component="span">
                      {row === null ? t('siteImport.wholeFile') : t('siteImport.row', { row })}
                    </Typography>
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {rowErrors.map((error, index) => (
                        <li key={index}>
                          <Typography variant="body2" component="span">
                            {column(error.field)
                              ? t('siteImport.fieldProblem', {
                                  field: column(error.field),
                                  problem: problem(error),
                                })
                              : problem(error)}
                          </Typography>
                        </li>
                      ))}
                    </Box>
                  </li>
                ))}
              </Box>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('siteImport.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!file || importSites.isPending}
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('siteImport.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
