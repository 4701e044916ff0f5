import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  MAP_NOTE_MESSAGE_KEYS,
  mapNoteTextProblem,
  type MapNoteAction,
  type MapNoteState,
} from '@roadcount/domain';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapNote, MapNoteChanges, MapNoteGroup } from '../api/mapNotesApi.ts';

interface Props {
  state: MapNoteState;
  dispatch: Dispatch<MapNoteAction>;
  /** The stored note being viewed or edited; absent for a new one. */
  note: MapNote | undefined;
  groups: MapNoteGroup[];
  canEdit: boolean;
  changes: MapNoteChanges;
}

/** A domain or server message in the user's language when it is one of the known ones. */
export function useNoteMessage() {
  const { t } = useTranslation();
  return (message: string) => {
    const key = MAP_NOTE_MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}

/** SPEC sections 3 and 4: a new note opens for editing; a stored one opens for viewing. */
export function MapNoteDialog({ state, dispatch, note, groups, canEdit, changes }: Props) {
  const { t } = useTranslation();
  const noteMessage = useNoteMessage();
  const [problem, setProblem] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const saving = changes.add.isPending || changes.update.isPending || changes.remove.isPending;
  const failure = changes.add.error ?? changes.update.error ?? changes.remove.error;

  const reset = () => {
    setProblem(undefined);
    setConfirmDelete(false);
    changes.add.reset();
    changes.update.reset();
    changes.remove.reset();
  };
  const close = () => {
    reset();
    dispatch({ type: 'close' });
  };
  const save = () => {
    const textProblem = mapNoteTextProblem(state.draftText);
    setProblem(textProblem);
    if (textProblem || state.lng === null || state.lat === null) return;
    const onSuccess = (saved: MapNote) => {
      reset();
      dispatch({ type: 'saved', note: saved });
    };
    if (state.isNew)
      changes.add.mutate(
        {
          text: state.draftText,
          longitude: state.lng,
          latitude: state.lat,
          group_id: state.groupId,
          site_id: state.siteId,
        },
        { onSuccess },
      );
    else if (state.noteId)
      changes.update.mutate(
        { id: state.noteId, text: state.draftText, group_id: state.groupId },
        { onSuccess },
      );
  };
  const remove = () => {
    if (!state.noteId) return;
    changes.remove.mutate(state.noteId, {
      onSuccess: () => {
        reset();
        dispatch({ type: 'deleted' });
      },
    });
  };

  const groupName = groups.find((group) => group.id === state.groupId)?.name;
  const title = state.isNew
    ? t('mapNotes.dialog.newTitle')
    : state.isEditing
      ? t('mapNotes.dialog.editTitle')
      : t('mapNotes.dialog.title');

  return (
    <Dialog open={state.isOpen} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {state.isEditing ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('mapNotes.dialog.text')}
              value={state.draftText}
              onChange={(event) => {
                setProblem(undefined);
                dispatch({ type: 'draft', text: event.target.value });
              }}
              error={problem !== undefined}
              helperText={problem ? noteMessage(problem) : ' '}
              multiline
              minRows={3}
              autoFocus
              fullWidth
            />
            <TextField
              select
              label={t('mapNotes.dialog.group')}
              value={state.groupId ?? ''}
              onChange={(event) => dispatch({ type: 'group', groupId: event.target.value || null })}
              fullWidth
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('mapNotes.dialog.noGroup')}</MenuItem>
              {groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  {group.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ) : (
          <Stack spacing={1.5}>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {state.draftText}
            </Typography>
            {groupName && <Chip size="small" label={groupName} sx={{ alignSelf: 'flex-start' }} />}
            {note && (
              <Typography variant="body2" color="text.secondary">
                {t('mapNotes.dialog.byline', { who: note.who, when: note.when })}
              </Typography>
            )}
          </Stack>
        )}
        {(state.siteId || (state.lat !== null && state.lng !== null)) && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {note?.site_name
              ? t('mapNotes.dialog.atSite', { site: note.site_name })
              : t('mapNotes.dialog.at', {
                  lat: state.lat?.toFixed(5),
                  lng: state.lng?.toFixed(5),
                })}
          </Typography>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {noteMessage(failure.message)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {state.isEditing ? (
          <>
            <Button
              onClick={() => {
                reset();
                dispatch({ type: 'cancel' });
              }}
            >
              {t('mapNotes.dialog.cancel')}
            </Button>
            <Button variant="contained" onClick={save} disabled={saving}>
              {t('mapNotes.dialog.save')}
            </Button>
          </>
        ) : (
          <>
            {canEdit &&
              (confirmDelete ? (
                <Button color="error" variant="contained" onClick={remove} disabled={saving}>
                  {t('mapNotes.dialog.confirmDelete')}
                </Button>
              ) : (
                <Button color="error" onClick={() => setConfirmDelete(true)}>
                  {t('mapNotes.dialog.delete')}
                </Button>
              ))}
            {canEdit && (
              <Button onClick={() => dispatch({ type: 'edit' })}>
                {t('mapNotes.dialog.edit')}
              </Button>
            )}
            <Button variant="contained" onClick={close}>
              {t('mapNotes.dialog.close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
