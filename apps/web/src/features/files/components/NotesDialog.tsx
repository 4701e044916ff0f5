import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddFileNote, useFileNotes } from '../api/notesApi.ts';
import type { TrafficDataFile } from '../api/filesApi.ts';

interface Props {
  file: TrafficDataFile;
  onClose: () => void;
}

/** Platform admins' notes on a file: content, UTC time and who wrote it; empty notes refused. */
export function NotesDialog({ file, onClose }: Props) {
  const { t } = useTranslation();
  const notes = useFileNotes(file.id);
  const add = useAddFileNote(file.id);
  const [content, setContent] = useState('');
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="notes-title">
      <DialogTitle id="notes-title">{t('files.notes.title', { name: file.file_name })}</DialogTitle>
      <DialogContent>
        {notes.data?.length === 0 && (
          <Typography color="text.secondary">{t('files.notes.none')}</Typography>
        )}
        <List dense aria-label={t('files.notes.list')}>
          {notes.data?.map((note, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText
                primary={note.content}
                secondary={t('files.notes.byline', { when: note.when, who: note.who })}
              />
            </ListItem>
          ))}
        </List>
        <TextField
          label={t('files.notes.new')}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 1 }}
        />
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
          onClick={() => add.mutate(content, { onSuccess: () => setContent('') })}
        >
          {t('files.notes.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
