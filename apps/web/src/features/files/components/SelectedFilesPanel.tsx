import ClearAllIcon from '@mui/icons-material/ClearAll';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileQuery, TrafficDataFile } from '../api/filesApi.ts';
import { FilesPanel } from './FilesPanel.tsx';
import { FilesTable } from './FilesTable.tsx';

/** SPEC section 2: the selected files are shown 5 rows a page. */
const SELECTED_PAGE_SIZE = 5;

type TableProps = Omit<
  Parameters<typeof FilesTable>[0],
  'files' | 'total' | 'query' | 'onQuery' | 'sortable' | 'rowsPerPageOptions' | 'label'
>;

interface Props {
  files: TrafficDataFile[];
  onDeselectAll: () => void;
  /** Platform admins: add one note to every selected file. */
  onBulkNote?: (() => void) | undefined;
  tableProps: TableProps;
}

/** The selected files, with their count, a deselect control and, for platform admins, a bulk note. */
export function SelectedFilesPanel({ files, onDeselectAll, onBulkNote, tableProps }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const lastPage = Math.max(0, Math.ceil(files.length / SELECTED_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const query: FileQuery = {
    search: '',
    sort: 'uploaded_on',
    direction: 'desc',
    page: shownPage,
    pageSize: SELECTED_PAGE_SIZE,
  };
  return (
    <FilesPanel id="files-selected" title={t('filesMore.panels.selected', { count: files.length })}>
      <Stack
        direction="row"
        sx={{ px: 2, pb: 1, gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}
      >
        {onBulkNote && (
          <Button
            startIcon={<NoteAddIcon />}
            onClick={onBulkNote}
            disabled={files.length === 0}
            variant="outlined"
          >
            {t('filesMore.bulkNote.open')}
          </Button>
        )}
        <Button startIcon={<ClearAllIcon />} onClick={onDeselectAll} disabled={files.length === 0}>
          {t('filesMore.selection.deselect')}
        </Button>
      </Stack>
      {files.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('filesMore.selection.none')}
        </Typography>
      ) : (
        <FilesTable
          {...tableProps}
          label={t('filesMore.panels.selectedTable')}
          files={files.slice(shownPage * SELECTED_PAGE_SIZE, (shownPage + 1) * SELECTED_PAGE_SIZE)}
          total={files.length}
          query={query}
          onQuery={(change) => setPage(change.page ?? 0)}
          sortable={false}
          rowsPerPageOptions={[SELECTED_PAGE_SIZE]}
        />
      )}
    </FilesPanel>
  );
}
