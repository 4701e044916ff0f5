import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { mapNoteGroupNameProblem } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapNote, MapNoteChanges, MapNoteGroup, MapNotes } from '../api/mapNotesApi.ts';
import { useNoteMessage } from './MapNoteDialog.tsx';

interface Props {
  notes: MapNotes | undefined;
  show: boolean;
  onShow: (show: boolean) => void;
  onOpen: (note: MapNote) => void;
  changes: MapNoteChanges;
}

interface GroupRowProps {
  group: MapNoteGroup;
  groups: MapNoteGroup[];
  canEdit: boolean;
  changes: MapNoteChanges;
}

/** A group's heading, renamed in place and deleted by those who edit notes. */
function GroupHeading({ group, groups, canEdit, changes }: GroupRowProps) {
  const { t } = useTranslation();
  const noteMessage = useNoteMessage();
  const [name, setName] = useState<string | null>(null);
  const problem = name === null ? undefined : mapNoteGroupNameProblem(name, groups, group.id);
  if (name !== null)
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', px: 2, py: 1 }}>
        <TextField
          size="small"
          label={t('mapNotes.groups.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem !== undefined}
          helperText={problem ? noteMessage(problem) : ' '}
          autoFocus
          sx={{ flexGrow: 1 }}
        />
        <IconButton
          aria-label={t('mapNotes.groups.saveName')}
          disabled={problem !== undefined || changes.renameGroup.isPending}
          onClick={() =>
            changes.renameGroup.mutate(
              { id: group.id, name: name.trim() },
              { onSuccess: () => setName(null) },
            )
          }
        >
          <CheckIcon />
        </IconButton>
        <IconButton aria-label={t('mapNotes.groups.cancelRename')} onClick={() => setName(null)}>
          <CloseIcon />
        </IconButton>
      </Stack>
    );
  return (
    <ListSubheader disableSticky sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
      <Box component="span" sx={{ flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {group.name}
      </Box>
      {canEdit && (
        <>
          <IconButton
            size="small"
            aria-label={t('mapNotes.groups.rename', { name: group.name })}
            onClick={() => setName(group.name)}
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('mapNotes.groups.delete', { name: group.name })}
            onClick={() => changes.removeGroup.mutate(group.id)}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </ListSubheader>
  );
}

/** The notes layer toggle, the notes by group, and the groups for those who edit notes. */
export function MapNotesPanel({ notes, show, onShow, onOpen, changes }: Props) {
  const { t } = useTranslation();
  const noteMessage = useNoteMessage();
  const [newGroup, setNewGroup] = useState('');
  if (!notes) return null;
  if (notes.hidden)
    return (
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography variant="subtitle2" component="h2">
          {t('mapNotes.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('mapNotes.hiddenByOrganisation')}
        </Typography>
      </Box>
    );
  const groupProblem =
    newGroup.trim() === '' ? undefined : mapNoteGroupNameProblem(newGroup, notes.groups);
  const sections = [
    ...notes.groups.map((group) => ({
      group,
      notes: notes.notes.filter((note) => note.group_id === group.id),
    })),
    { group: null, notes: notes.notes.filter((note) => note.group_id === null) },
  ];
  const groupError = changes.createGroup.error ?? changes.removeGroup.error;
  return (
    <Box sx={{ pt: 2 }}>
      <Stack direction="row" sx={{ px: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h2">
          {t('mapNotes.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={show}
              onChange={(event) => onShow(event.target.checked)}
            />
          }
          label={t('mapNotes.show')}
          sx={{ mr: 0 }}
        />
      </Stack>
      <List dense aria-label={t('mapNotes.listLabel')}>
        {sections.map(({ group, notes: grouped }) =>
          group === null && grouped.length === 0 ? null : (
            <Box component="li" key={group?.id ?? 'ungrouped'} sx={{ listStyle: 'none' }}>
              <Box component="ul" sx={{ p: 0 }}>
                {group ? (
                  <GroupHeading
                    group={group}
                    groups={notes.groups}
                    canEdit={notes.can_edit}
                    changes={changes}
                  />
                ) : (
                  <ListSubheader disableSticky>{t('mapNotes.groups.none')}</ListSubheader>
                )}
                {grouped.map((note) => (
                  <ListItemButton key={note.id} onClick={() => onOpen(note)} sx={{ pl: 3 }}>
                    <ListItemText
                      primary={note.text}
                      secondary={note.site_name ?? note.when}
                      slotProps={{ primary: { noWrap: true } }}
                    />
                  </ListItemButton>
                ))}
                {group && grouped.length === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ pl: 3, pb: 1 }}>
                    {t('mapNotes.groups.empty')}
                  </Typography>
                )}
              </Box>
            </Box>
          ),
        )}
      </List>
      {notes.notes.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
          {notes.can_edit ? t('mapNotes.noneEditor') : t('mapNotes.none')}
        </Typography>
      )}
      {notes.can_edit && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', px: 2, pt: 1 }}>
          <TextField
            size="small"
            label={t('mapNotes.groups.new')}
            value={newGroup}
            onChange={(event) => setNewGroup(event.target.value)}
            error={groupProblem !== undefined}
            helperText={groupProblem ? noteMessage(groupProblem) : ' '}
            sx={{ flexGrow: 1 }}
          />
          <Button
            variant="outlined"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            disabled={newGroup.trim() === '' || groupProblem !== undefined}
            onClick={() =>
              changes.createGroup.mutate(newGroup.trim(), { onSuccess: () => setNewGroup('') })
            }
          >
            {t('mapNotes.groups.add')}
          </Button>
        </Stack>
      )}
      {groupError && (
        <Alert severity="error" sx={{ mx: 2 }}>
          {noteMessage(groupError.message)}
        </Alert>
      )}
    </Box>
  );
}
