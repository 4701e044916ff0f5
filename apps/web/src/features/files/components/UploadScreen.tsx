import { Grid, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '@/lib/session/useSession.ts';
import { useFiles, type FileQuery, type TrafficDataFile } from '../api/filesApi.ts';
import { FilesTable } from './FilesTable.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { useLiveFileTasks } from '../hooks/useLiveFileTasks.ts';
import { ImageUploadBox } from './ImageUploadBox.tsx';
import { UploadBox } from './UploadBox.tsx';

/**
 * /ui/file-upload: the three upload boxes, image upload, and the queue of recent uploads, whose
 * states follow the task subscription; an upload's own task is also read until it ends, so that
 * events the socket missed do not leave it behind.
 */
export function UploadScreen() {
  const { t } = useTranslation();
  const { claims } = useSession();
  const [query, setQuery] = useState<FileQuery>({
    search: '',
    sort: 'uploaded_on',
    direction: 'desc',
    page: 0,
    pageSize: 10,
  });
  const [reviewing, setReviewing] = useState<TrafficDataFile | null>(null);
  const recent = useFiles(query);
  const { byFile: tasks, follow } = useLiveFileTasks();
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('uploads.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <UploadBox kind="vehicle" tasks={tasks} follow={follow} accept=".txt,.csv,.prn" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <UploadBox kind="bike" tasks={tasks} follow={follow} accept=".csv,.txt" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <UploadBox kind="national" tasks={tasks} follow={follow} accept=".xlsx" />
        </Grid>
      </Grid>
      <Paper
        variant="outlined"
        data-tour="upload-queue"
        component="section"
        aria-label={t('uploads.queue')}
      >
        <Stack
          direction="row"
          sx={{ p: 2, justifyContent: 'space-between', alignItems: 'baseline' }}
        >
          <Typography variant="h6" component="h2">
            {t('uploads.queue')}
          </Typography>
          <Link component={RouterLink} to="/ui/file-management">
            {t('uploads.allFiles')}
          </Link>
        </Stack>
        {recent.data && (
          <FilesTable
            files={recent.data.files}
            total={recent.data.total}
            query={query}
            onQuery={(change) => setQuery((current) => ({ ...current, ...change }))}
            showOrganisation={claims?.group === 'admin'}
            onReview={setReviewing}
          />
        )}
      </Paper>
      <ImageUploadBox />
      {reviewing && (
        <ReviewDialog
          file={reviewing}
          canReview={claims?.group === 'org_admin' || claims?.group === 'admin'}
          onClose={() => setReviewing(null)}
        />
      )}
    </Stack>
  );
}
