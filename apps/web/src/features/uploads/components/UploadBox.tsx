import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFiles, type UploadKind } from '../../files/api/filesApi.ts';

interface Props {
  kind: UploadKind;
  /** File types the picker offers, e.g. `.xlsx`. */
  accept?: string;
}

interface Upload {
  key: number;
  names: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
  duplicates?: number;
}

/** One upload box: several files by drag and drop or the picker, each upload with its progress. */
export function UploadBox({ kind, accept }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  const send = (files: File[]) => {
    if (files.length === 0) return;
    const key = Date.now() + Math.random();
    setUploads((current) => [
      { key, names: files.map((file) => file.name).join(', '), progress: 0, state: 'uploading' },
      ...current,
    ]);
    uploadFiles(files, kind, '', (progress) => update(key, { progress }))
      .then((created) => {
        update(key, {
          state: 'done',
          progress: 1,
          duplicates: created.filter((file) => file.duplicate_of).length,
        });
        void queryClient.invalidateQueries({ queryKey: ['files'] });
      })
      .catch((error: unknown) =>
        update(key, {
          state: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
      );
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send([...event.dataTransfer.files]);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h6" component="h2">
        {t(`uploads.kinds.${kind}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`uploads.kinds.${kind}.help`)}
      </Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
        }}
      >
        <CloudUploadIcon color="primary" sx={{ fontSize: 40 }} />
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('uploads.drop')}
        </Typography>
        <Button variant="contained" onClick={() => input.current?.click()}>
          {t('uploads.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={accept}
          aria-label={t(`uploads.kinds.${kind}.title`)}
          data-kind={kind}
          onChange={(event) => {
            send([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Box>
      <Stack spacing={1} sx={{ mt: 2 }}>
        {uploads.map((upload) => (
          <Box key={upload.key}>
            <Typography variant="body2" noWrap title={upload.names}>
              {upload.names}
            </Typography>
            {upload.state === 'uploading' && (
              <LinearProgress
                variant="determinate"
                value={upload.progress * 100}
                aria-label={t('uploads.progress')}
              />
            )}
            {upload.state === 'done' && (
              <Alert severity={upload.duplicates ? 'warning' : 'success'} sx={{ py: 0 }}>
                {upload.duplicates
                  ? t('uploads.duplicates', { count: upload.duplicates })
                  : t('uploads.queued')}
              </Alert>
            )}
            {upload.state === 'failed' && (
              <Alert severity="error" sx={{ py: 0 }}>
                {upload.message}
              </Alert>
            )}
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
