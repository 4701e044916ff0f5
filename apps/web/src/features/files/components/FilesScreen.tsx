import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Button,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useSession } from '../../session/useSession.ts';
import { useFiles, type FileQuery, type TrafficDataFile } from '../api/filesApi.ts';
import { FilesTable } from './FilesTable.tsx';
import { NotesDialog } from './NotesDialog.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';

/** /ui/file-management: every file of the organisation, its status, quality and download. */
export function FilesScreen() {
  const { t } = useTranslation();
  const { claims } = useSession();
  // ?search= opens the list searched, as the site detail's link to its files does.
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState<FileQuery>({
    search: searchParams.get('search') ?? '',
    sort: 'uploaded_on',
    direction: 'desc',
    page: 0,
    pageSize: 25,
  });
  const [reviewing, setReviewing] = useState<TrafficDataFile | null>(null);
  const [noting, setNoting] = useState<TrafficDataFile | null>(null);
  const files = useFiles(query);
  const canReview = claims?.group === 'org_admin' || claims?.group === 'admin';
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
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
      <Paper variant="outlined">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="h6" component="h2" aria-live="polite">
            {files.data
              ? t('files.total', { total: files.data.total.toLocaleString() })
              : t('files.loading')}
          </Typography>
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
          <FilesTable
            files={files.data.files}
            total={files.data.total}
            query={query}
            onQuery={(change) => setQuery((current) => ({ ...current, ...change }))}
            showOrganisation={claims?.group === 'admin'}
            onReview={setReviewing}
            onNotes={claims?.group === 'admin' ? setNoting : undefined}
          />
        )}
      </Paper>
      {noting && <NotesDialog file={noting} onClose={() => setNoting(null)} />}
      {reviewing && (
        <ReviewDialog
          file={reviewing}
          canReview={canReview}
          canRequest={claims?.group === 'org_user'}
          onClose={() => setReviewing(null)}
        />
      )}
    </Stack>
  );
}
