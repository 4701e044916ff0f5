import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { reportError } from '@/lib/reportError.ts';
import { localiseServerMessage } from '@/lib/serverMessages.ts';
import { openDownload, type FileQuery, type TrafficDataFile } from '../api/filesApi.ts';
import { StatusChip } from '@/ui/StatusChip.tsx';

interface Props {
  files: TrafficDataFile[];
  total: number;
  query: FileQuery;
  onQuery: (change: Partial<FileQuery>) => void;
  showOrganisation: boolean;
  onReview: (file: TrafficDataFile) => void;
  /** Platform admins only (SPEC section 2): the notes column. */
  onNotes?: ((file: TrafficDataFile) => void) | undefined;
  /** Selectable rows: the ids selected, and a change of some rows' selection. */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (files: TrafficDataFile[], selected: boolean) => void;
  };
  /** False for a list the client pages itself (the selected files): no sorting. */
  sortable?: boolean;
  rowsPerPageOptions?: number[];
  /** Names the table for assistive technology when a screen shows several. */
  label?: string;
}

const SORTABLE: Record<string, string> = {
  name: 'file_name',
  site: 'site',
  start: 'start_data_datetime',
  end: 'end_data_datetime',
  vehicles: 'saved_vehicles',
  status: 'review_status',
};

/** The files table of SPEC section 2, sorted and paged on the server. */
export function FilesTable({
  files,
  total,
  query,
  onQuery,
  showOrganisation,
  onReview,
  onNotes,
  selection,
  sortable = true,
  rowsPerPageOptions = [10, 25, 50, 100],
  label,
}: Props) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) =>
    value
      ? new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : '—';
  const header = (key: string) => {
    const sort = sortable ? SORTABLE[key] : undefined;
    const title = t(`files.columns.${key}`);
    if (!sort) return title;
    return (
      <TableSortLabel
        active={query.sort === sort}
        direction={query.sort === sort ? query.direction : 'asc'}
        onClick={() =>
          onQuery({
            sort,
            direction: query.sort === sort && query.direction === 'asc' ? 'desc' : 'asc',
            page: 0,
          })
        }
      >
        {title}
      </TableSortLabel>
    );
  };
  const columns = [
    'name',
    ...(showOrganisation ? ['organisation'] : []),
    'site',
    'start',
    'end',
    'vehicles',
    'status',
    'quality',
    'download',
    ...(onNotes ? ['notes'] : []),
  ];
  const allSelected =
    selection !== undefined &&
    files.length > 0 &&
    files.every((file) => selection.selected.has(file.id));
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label ?? t('files.table')}>
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={
                      !allSelected && files.some((file) => selection.selected.has(file.id))
                    }
                    disabled={files.length === 0}
                    onChange={(event) => selection.onChange(files, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('filesMore.selection.page') } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell key={column} align={column === 'vehicles' ? 'right' : 'left'}>
                  {header(column)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {files.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + (selection ? 1 : 0)}>
                  <Typography color="text.secondary">{t('files.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
            {files.map((file) => {
              const failed = Object.keys(file.logs.data_qc_tests ?? {});
              return (
                <TableRow key={file.id} hover selected={selection?.selected.has(file.id) ?? false}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selection.selected.has(file.id)}
                        onChange={(event) => selection.onChange([file], event.target.checked)}
                        slotProps={{
                          input: {
                            'aria-label': t('filesMore.selection.row', { name: file.file_name }),
                          },
                        }}
                      />
                    </TableCell>
                  )}
                  <TableCell sx={{ maxWidth: 240, wordBreak: 'break-word' }}>
                    {file.file_name}
                  </TableCell>
                  {showOrganisation && <TableCell>{file.site?.organisation_name ?? '—'}</TableCell>}
                  <TableCell>
                    {file.site ? (
                      <Link component={RouterLink} to={`/ui/analysis/site-detail/${file.site.id}`}>
                        {file.site.name}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>{date(file.start_data_datetime)}</TableCell>
                  <TableCell>{date(file.end_data_datetime)}</TableCell>
                  <TableCell align="right">
                    {file.logs.saved_vehicles === null
                      ? '—'
                      : file.logs.saved_vehicles.toLocaleString(i18n.language)}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={file.review_status} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }} data-tour="files-quality">
                    {file.review_status === 'LOAD' ? (
                      '—'
                    ) : file.logs.processing_error ? (
                      <Typography variant="body2" color="error">
                        {localiseServerMessage(file.logs.processing_error)}
                      </Typography>
                    ) : (
                      <Button
                        size="small"
                        onClick={() => onReview(file)}
                        color={failed.length > 0 ? 'warning' : 'success'}
                      >
                        {failed.length > 0
                          ? failed.map((name) => t(`files.quality.${name}`)).join('; ')
                          : t('files.qualityPassed')}
                      </Button>
                    )}
                  </TableCell>
                  <TableCell data-tour="files-download">
                    <Tooltip title={t('files.download')}>
                      <IconButton
                        aria-label={t('files.downloadNamed', { name: file.file_name })}
                        onClick={() => void openDownload(file.id).catch(reportError)}
                      >
                        <DownloadIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                  {onNotes && (
                    <TableCell>
                      <Button size="small" onClick={() => onNotes(file)}>
                        {t('files.notes.open')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box>
        <TablePagination
          component="div"
          count={total}
          page={query.page}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={rowsPerPageOptions}
          onPageChange={(_event, page) => onQuery({ page })}
          onRowsPerPageChange={(event) =>
            onQuery({ pageSize: Number(event.target.value), page: 0 })
          }
          labelRowsPerPage={t('files.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('filesMore.pageRows', {
              from: from.toLocaleString(i18n.language),
              to: to.toLocaleString(i18n.language),
              count: count.toLocaleString(i18n.language),
            })
          }
        />
      </Box>
    </>
  );
}
