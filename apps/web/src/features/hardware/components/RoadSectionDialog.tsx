import ClearIcon from '@mui/icons-material/Clear';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/requestErrors.ts';
import {
  useCreateRoadSection,
  useDeleteRoadSection,
  useUpdateRoadSection,
  type RoadSection,
} from '../api/hardwareApi.ts';
import { RoadSectionDrawMap } from './RoadSectionDrawMap.tsx';
import { pointsText, readPoints, type LonLat, type PointsProblem } from './roadSectionPoints.ts';
import { SectionSitePicker, type SectionSite } from './SectionSitePicker.tsx';

interface Props {
  /** The section to change or remove; a new one when none. */
  section?: RoadSection;
  onClose: () => void;
}

/** A problem's message, with the line and value it names. */
function problemText(t: TFunction, problem: PointsProblem): string {
  switch (problem.key) {
    case 'hardware.sections.fewPoints':
      return t(problem.key);
    case 'hardware.sections.pointLine':
      return t(problem.key, { line: problem.line });
    case 'hardware.sections.latitudeRange':
    case 'hardware.sections.longitudeRange':
      return t(problem.key, { line: problem.line, value: problem.value });
  }
}

/**
 * A new road section, or a change to one: its name, description, site and line of points from
 * start to end, drawn on the map or typed. An existing one can be removed here too, after a
 * second click.
 */
export function RoadSectionDialog({ section, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const created = useCreateRoadSection();
  const updated = useUpdateRoadSection();
  const removed = useDeleteRoadSection();
  const [name, setName] = useState(section?.name ?? '');
  const [description, setDescription] = useState(section?.description ?? '');
  const [site, setSite] = useState<SectionSite | null>(
    section?.site_id && section.site_name
      ? { id: section.site_id, name: section.site_name, latitude: null, longitude: null }
      : null,
  );
  // The typed text is the one record of the points: the map reads it and writes it.
  const [text, setText] = useState(pointsText(section?.coordinates ?? []));
  const [confirming, setConfirming] = useState(false);
  const [tried, setTried] = useState(false);
  const pending = created.isPending || updated.isPending || removed.isPending;
  const failure = created.error ?? updated.error ?? removed.error;
  // Read once a text, so that the map redraws only when the points change.
  const { points, problem } = useMemo(() => readPoints(text), [text]);
  const badLine = problem !== null && problem.key !== 'hardware.sections.fewPoints';
  const shownProblem = tried ? problem : null;
  const drawn = (next: LonLat[]) => setText(pointsText(next));
  const centre =
    site?.latitude != null && site.longitude != null
      ? { latitude: site.latitude, longitude: site.longitude }
      : null;

  const save = async () => {
    setTried(true);
    if (problem) return;
    const input = {
      name: name.trim(),
      description: description.trim() || null,
      site_id: site?.id ?? null,
      coordinates: points,
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
      fullScreen={phone}
      maxWidth="md"
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
          <SectionSitePicker value={site} onChange={setSite} />
          <Stack spacing={1}>
            <RoadSectionDrawMap points={points} onChange={drawn} locked={badLine} centre={centre} />
            <Typography variant="body2" color={badLine ? 'warning.main' : 'text.secondary'}>
              {problem && badLine
                ? t('hardware.sections.mapLocked', { problem: problemText(t, problem) })
                : t('hardware.sections.mapHelp')}
            </Typography>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                {t('hardware.sections.pointsDrawn', { count: points.length })}
              </Typography>
              <Button
                size="small"
                startIcon={<UndoIcon />}
                onClick={() => drawn(points.slice(0, -1))}
                disabled={badLine || points.length === 0}
              >
                {t('hardware.sections.undoPoint')}
              </Button>
              <Button
                size="small"
                startIcon={<ClearIcon />}
                onClick={() => setText('')}
                disabled={text.trim() === ''}
              >
                {t('hardware.sections.clearPoints')}
              </Button>
            </Stack>
          </Stack>
          <TextField
            label={t('hardware.sections.points')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={3}
            required
            error={shownProblem !== null}
            helperText={
              shownProblem ? problemText(t, shownProblem) : t('hardware.sections.pointsHelp')
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
