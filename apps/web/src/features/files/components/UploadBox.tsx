import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFiles, type CountedMode, type UploadKind } from '../api/filesApi.ts';
import type { TaskEvent } from '@/lib/tasks/taskSubscription.ts';
import { UploadRow, type Upload } from './UploadRow.tsx';

interface Props {
  kind: UploadKind;
  /** File types the picker offers, e.g. `.xlsx`. */
  accept?: string;
  /** The live task state of each file, by file id. */
  tasks: ReadonlyMap<string, TaskEvent>;
  /** Follows the processing task of an uploaded file until it ends. */
  follow?: (taskId: string) => void;
}

/**
 * One upload box: several files by drag and drop or the picker. Each file is sent on its own,
 * with its own progress bar, and then shows its processing task's state as it changes.
 */
export function UploadBox({ kind, accept, tasks, follow }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  // The bike and pedestrian box asks what its interval files counted, sent as the kind.
  const [counted, setCounted] = useState<CountedMode>('bike');
  const sentKind: UploadKind = kind === 'bike' ? counted : kind;
  const update = (key: string, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  const send = (files: File[]) => {
    const added = files.map((file) => ({
      key: `${Date.now()}-${Math.random()}`,
      file,
    }));
    setUploads((current) => [
      ...added.map(({ key, file }) => ({
        key,
        name: file.name,
        progress: 0,
        state: 'uploading' as const,
      })),
      ...current,
    ]);
    for (const { key, file } of added) {
      uploadFiles([file], sentKind, '', (progress) => update(key, { progress }))
        .then(([created]) => {
          update(key, {
            state: 'uploaded',
            progress: 1,
            fileId: created?.id,
            duplicate: Boolean(created?.duplicate_of) && !created?.task_id,
          });
          if (created?.task_id) follow?.(created.task_id);
        })
        .catch((error: unknown) =>
          update(key, {
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          }),
        );
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send([...event.dataTransfer.files]);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, height: '100%' }}
      data-tour="upload-box"
      aria-label={t(`uploads.kinds.${kind}.title`)}
      component="section"
    >
      <Typography variant="h6" component="h2">
        {t(`uploads.kinds.${kind}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`uploads.kinds.${kind}.help`)}
      </Typography>
      {kind === 'bike' && (
        <FormControl sx={{ mb: 1 }}>
          <FormLabel id="upload-counted-label">{t('uploads.counted.label')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="upload-counted-label"
            value={counted}
            onChange={(event) => setCounted(event.target.value as CountedMode)}
          >
            <FormControlLabel value="bike" control={<Radio />} label={t('uploads.counted.bike')} />
            <FormControlLabel
              value="pedestrian"
              control={<Radio />}
              label={t('uploads.counted.pedestrian')}
            />
          </RadioGroup>
          <Typography variant="caption" color="text.secondary">
            {t('uploads.counted.help')}
          </Typography>
        </FormControl>
      )}
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
          data-kind={sentKind}
          onChange={(event) => {
            send([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Box>
      <Stack
        spacing={1.5}
        sx={{ mt: 2, mb: 0, p: 0 }}
        component="ul"
        aria-label={t('filesMore.upload.list')}
      >
        {uploads.map((upload) => (
          <UploadRow
            key={upload.key}
            upload={upload}
            task={upload.fileId ? tasks.get(upload.fileId) : undefined}
          />
        ))}
      </Stack>
    </Paper>
  );
}
