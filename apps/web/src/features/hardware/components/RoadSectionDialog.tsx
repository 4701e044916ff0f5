import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../users/api/requestErrors.ts';
import {
  useCreateRoadSection,
  useDeleteRoadSection,
  useUpdateRoadSection,
  type RoadSection,
} from '../api/hardwareApi.ts';

interface Props {
  /** The section to change or remove; a new one when none. */
  section?: RoadSection;
  onClose: () => void;
}

/** A problem with the points as typed: which line, and what is wrong with it. */
type PointsProblem =
  { key: 'hardware.sections.pointLine'; line: number } | { key: 'hardware.sections.fewPoints' };

/**
 * The points as typed, one "latitude, longitude" a line (as maps show them), as the section's
 * line of [longitude, latitude] pairs; or the first problem.
 */
export function parsePoints(text: string): [number, number][] | PointsProblem {
  const points: [number, number][] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const parts = line
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number);
    const [latitude, longitude] = parts;
    if (
      parts.length !== 2 ||
      latitude === undefined ||
      longitude === undefined ||
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    )
      return { key: 'hardware.sections.pointLine', line: index + 1 };
    points.push([longitude, latitude]);
  }
  return points.length >= 2 ? points : { key: 'hardware.sections.fewPoints' };
}

const pointsText = (section: RoadSection | undefined) =>
  (section?.coordinates ?? [])
    .map(([longitude, latitude]) => `${latitude}, ${longitude}`)
    .join('\n');

/**
 * A new road section, or a change to one: its name, description and line of points from start
 * to end. An existing one can be removed here too, after a second click.
 */
export function RoadSectionDialog({ section, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const created = useCreateRoadSection();
  const updated = useUpdateRoadSection();
  const removed = useDeleteRoadSection();
  const [name, setName] = useState(section?.name ?? '');
  const [description, setDescription] = useState(section?.description ?? '');
  const [points, setPoints] = useState(pointsText(section));
  const [confirming, setConfirming] = useState(false);
  const [tried, setTried] = useState(false);
  const pending = created.isPending || updated.isPending || removed.isPending;
  const failure = created.error ?? updated.error ?? removed.error;
  const parsed = parsePoints(points);
  const problem = Array.isArray(parsed) ? null : parsed;

  const save = async () => {
    setTried(true);
    if (!Array.isArray(parsed)) return;
    const input = {
      name: name.trim(),
      description: description.trim() || null,
      coordinates: parsed,
    };
    try {
      if (section) await updated.mutateAsync({ id: section.id, changes: input });
      else await created.mutateAsync(input);
      onClose();
    } catch {
      // Shown below.
    }
  };
  const remove = async () => {
    if (!section) return;
    try {
      await removed.mutateAsync(section.id);
      onClose();
    } catch {
      // Shown below.
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {section
          ? t('hardware.sections.editTitle', { name: section.name })
          : t('hardware.sections.newTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('hardware.sections.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
          />
          <TextField
            label={t('hardware.sections.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <TextField
            label={t('hardware.sections.points')}
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            multiline
            minRows={3}
            required
            error={tried && problem !== null}
            helperText={
              tried && problem
                ? problem.key === 'hardware.sections.pointLine'
                  ? t(problem.key, { line: problem.line })
                  : t(problem.key)
                : t('hardware.sections.pointsHelp')
            }
          />
          {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
          {confirming && (
            <Alert severity="warning">
              {t('hardware.sections.confirmDelete', { name: section?.name ?? '' })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {section && (
          <Button
            color="error"
            onClick={() => (confirming ? void remove() : setConfirming(true))}
            disabled={pending}
            sx={{ mr: 'auto' }}
          >
            {confirming ? t('hardware.sections.deleteConfirmed') : t('hardware.sections.delete')}
          </Button>
        )}
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={pending || !name.trim()}>
          {t('hardware.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
