import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Button,
  InputAdornment,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { can, isRole } from '@roadcount/domain';
import { useProfile } from '@/lib/profile.ts';
import { useSession } from '@/lib/session/useSession.ts';
import { useLiveFileTasks } from '../hooks/useLiveFileTasks.ts';
import { useFiles, type FileQuery, type TrafficDataFile } from '../api/filesApi.ts';
import { BulkNoteDialog } from './BulkNoteDialog.tsx';
import { FilesPanel } from './FilesPanel.tsx';
import { FilesSummary } from './FilesSummary.tsx';
import { FilesTable } from './FilesTable.tsx';
import { NotesDialog } from './NotesDialog.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { SelectedFilesPanel } from './SelectedFilesPanel.tsx';

const FIRST_PAGE: FileQuery = {
  search: '',
  sort: 'uploaded_on',
  direction: 'desc',
  page: 0,
  pageSize: 25,
};

/**
 * /ui/file-management (SPEC section 2): up to four collapsible panels: a summary, the files
 * waiting for review (when the organisation asks users to approve quality), the selected files
 * and all files. Task events keep them current without polling.
 */
export function FilesScreen() {
  const { t } = useTranslation();
  const { claims } = useSession();
  const profile = useProfile();
  const isPlatformAdmin = claims?.group === 'admin';
  const canReview = claims?.group === 'org_admin' || isPlatformAdmin;
  // ?search= opens the list searched, as the site detail's link to its files does.
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState<FileQuery>({
    ...FIRST_PAGE,
    search: searchParams.get('search') ?? '',
  });
  const [reviewQuery, setReviewQuery] = useState<FileQuery>({
    ...FIRST_PAGE,
    pageSize: 10,
    status: 'WFR',
  });
  const [selected, setSelected] = useState<ReadonlyMap<string, TrafficDataFile>>(new Map());
  const [reviewing, setReviewing] = useState<TrafficDataFile | null>(null);
  const [noting, setNoting] = useState<TrafficDataFile | null>(null);
  const [bulkNoting, setBulkNoting] = useState(false);
  useLiveFileTasks();
  const files = useFiles(query);
  const requiresApproval =
    profile.data?.organisation?.preferences.request_user_approve_quality === true;
  const forReview = useFiles(reviewQuery, requiresApproval);

  // The selection keeps each file as it was seen last: the newest answers replace it.
  const seen = new Map(
    [...(forReview.data?.files ?? []), ...(files.data?.files ?? [])].map((file) => [file.id, file]),
  );
  const selectedFiles = [...selected.values()].map((file) => seen.get(file.id) ?? file);
  const selection = {
    selected: new Set(selected.keys()),
    onChange: (changed: TrafficDataFile[], isSelected: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const file of changed) {
          if (isSelected) next.set(file.id, file);
          else next.delete(file.id);
        }
        return next;
      }),
  };
  const tableProps = {
    showOrganisation: isPlatformAdmin,
    onReview: setReviewing,
    onNotes: isPlatformAdmin ? setNoting : undefined,
    selection,
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('files.title')}
        </Typography>
        {canReview && (
          <Button
            component={RouterLink}
            to="/ui/file-upload"
            variant="contained"
            startIcon={<CloudUploadIcon />}
          >
            {t('files.upload')}
          </Button>
        )}
      </Stack>
      <FilesPanel id="files-summary" title={t('filesMore.summary.title')}>
        <FilesSummary />
      </FilesPanel>
      {requiresApproval && (
        <FilesPanel
          id="files-review"
          title={
            forReview.data
              ? t('filesMore.panels.review', {
                  count: forReview.data.total,
                  total: forReview.data.total.toLocaleString(),
                })
              : t('filesMore.panels.reviewLoading')
          }
        >
          {forReview.data && (
            <FilesTable
              {...tableProps}
              label={t('filesMore.panels.reviewTable')}
              files={forReview.data.files}
              total={forReview.data.total}
              query={reviewQuery}
              onQuery={(change) => setReviewQuery((current) => ({ ...current, ...change }))}
            />
          )}
        </FilesPanel>
      )}
      <SelectedFilesPanel
        files={selectedFiles}
        onDeselectAll={() => setSelected(new Map())}
        onBulkNote={isPlatformAdmin ? () => setBulkNoting(true) : undefined}
        tableProps={tableProps}
      />
      <FilesPanel
        id="files-all"
        title={
          files.data
            ? t('files.total', { total: files.data.total.toLocaleString() })
            : t('files.loading')
        }
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ px: 2, pb: 1, alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}
        >
          <TextField
            size="small"
            label={t('files.search')}
            value={query.search}
            onChange={(event) =>
              setQuery((current) => ({ ...current, search: event.target.value, page: 0 }))
            }
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
        {files.isFetching && <LinearProgress />}
        {files.isError && <Alert severity="error">{files.error.message}</Alert>}
        {files.data && (
          <div data-tour="files-table">
            <FilesTable
              {...tableProps}
              files={files.data.files}
              total={files.data.total}
              query={query}
              onQuery={(change) => setQuery((current) => ({ ...current, ...change }))}
            />
          </div>
        )}
      </FilesPanel>
      {noting && <NotesDialog file={noting} onClose={() => setNoting(null)} />}
      {bulkNoting && <BulkNoteDialog files={selectedFiles} onClose={() => setBulkNoting(false)} />}
      {reviewing && (
        <ReviewDialog
          file={reviewing}
          canReview={canReview}
          canRequest={
            claims !== null &&
            isRole(claims.group) &&
            can(
              { role: claims.group, organisationId: null, isDemo: profile.data?.is_demo === true },
              'files.requestApproval',
            )
          }
          onClose={() => setReviewing(null)}
        />
      )}
    </Stack>
  );
}
