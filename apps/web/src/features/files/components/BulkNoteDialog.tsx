import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrafficDataFile } from '../api/filesApi.ts';
import { useAddBulkFileNote } from '../api/notesApi.ts';

interface Props {
  files: TrafficDataFile[];
  onClose: () => void;
}

/** Platform admins: one note added to each selected file at once; empty notes refused. */
export function BulkNoteDialog({ files, onClose }: Props) {
  const { t } = useTranslation();
  const add = useAddBulkFileNote();
  const [content, setContent] = useState('');
  const names = files.map((file) => file.file_name);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="bulk-note-title">
      <DialogTitle id="bulk-note-title">
        {t('filesMore.bulkNote.title', { count: files.length })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {names.join(', ')}
        </Typography>
        <TextField
          label={t('files.notes.new')}
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            add.reset();
          }}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
        />
        {add.isSuccess && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {t('filesMore.bulkNote.added', { count: add.data })}
          </Alert>
        )}
        {add.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {add.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('files.review.close')}</Button>
        <Button
          variant="contained"
          disabled={content.trim() === '' || add.isPending}
          onClick={() =>
            add.mutate(
              { fileIds: files.map((file) => file.id), content },
              { onSuccess: () => setContent('') },
            )
          }
        >
          {t('filesMore.bulkNote.add', { count: files.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
