import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Grid,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  CLASS_SCHEMES,
  directionsLeavingLanes,
  LANE_MESSAGES,
  SITE_MESSAGES,
  SITE_TYPES,
  siteUpdateSchema,
  type CompassLetter,
  type SiteUpdate,
} from '@roadcount/domain';
import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useNameClashes,
  useSetSiteLanes,
  useSiteLanes,
  useUpdateSite,
  type Lane,
} from '../api/sitesApi.ts';
import type { Site } from '@/lib/sites.ts';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';
import { draftsFromLanes, laneInputs, lanesChanged, type LaneDraft } from './laneDraft.ts';
import { LanesEditor } from './LanesEditor.tsx';
import { markedPoint } from './locationPick.ts';

// MapLibre is large: load the picker's map only when a dialog opens.
const LocationPicker = lazy(async () => ({
  default: (await import('./LocationPicker.tsx')).LocationPicker,
}));
import { SiteDeleteButton } from './SiteDeleteButton.tsx';

/** Parts of the dialog that other features draw; SitesPage passes them in. */
export interface SiteDialogParts {
  /** Which device array measures each saved lane (hardware). */
  LaneArrays: ComponentType<{ siteId: string; lanes: readonly Lane[] }>;
  /** The site's speed limits, edited in their own dialog (site detail). */
  SpeedLimits: ComponentType<{ siteId: string }>;
  /** The site's reprocessing tasks, followed until they end (site detail). */
  TaskProgress: ComponentType<{ siteId: string }>;
}

interface Props {
  site: Site;
  parts: SiteDialogParts;
  onClose: () => void;
}

const LETTERS = ['N', 'E', 'S', 'W'] as const;

/** The translation key of each domain rule's message. */
const MESSAGE_KEYS = new Map<string, string>([
  ...Object.entries(SITE_MESSAGES).map(([key, message]): [string, string] => [
    message,
    key === 'heading' ? 'siteEdit.problems.heading' : `sites.problems.${key}`,
  ]),
  [LANE_MESSAGES.directionHasLanes, 'siteEdit.problems.directionHasLanes'],
]);

function fromSite(site: Site): Record<string, string | boolean> {
  return {
    name: site.name,
    alternative_name: site.alternative_name ?? '',
    description: site.description ?? '',
    asset_management_id: site.asset_management_id ?? '',
    latitude: site.latitude === null ? '' : String(site.latitude),
    longitude: site.longitude === null ? '' : String(site.longitude),
    heading: site.heading === null ? '' : String(site.heading),
    direction_one: site.direction_one ?? '',
    direction_two: site.direction_two ?? '',
    site_type: site.site_type,
    time_zone: site.time_zone,
    class_scheme: site.class_scheme,
    pedestrians_included: site.pedestrians_included,
    notes: site.notes ?? '',
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid size={12}>
      <Divider sx={{ mb: 1.5 }} />
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Grid>
  );
}

/** Edits a site with the rules of SPEC section 5, checked here and again on the server. */
export function SiteEditDialog({ site, parts, onClose }: Props) {
  const { LaneArrays, SpeedLimits, TaskProgress } = parts;
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const update = useUpdateSite();
  const saveLanes = useSetSiteLanes();
  const savedLanes = useSiteLanes(site.id);
  const [form, setForm] = useState(() => fromSite(site));
  const [editedLanes, setEditedLanes] = useState<LaneDraft[] | null>(null);
  const savedDrafts = useMemo(
    () => draftsFromLanes(savedLanes.data ?? [], site),
    [savedLanes.data, site],
  );
  const lanes = editedLanes ?? savedDrafts;
  // A new class scheme or pedestrian flag queues the site's reprocess: its progress shows here.
  const [reprocessing, setReprocessing] = useState(false);
  // A new time zone re-reads every file's local times: asked first.
  const [confirmingZone, setConfirmingZone] = useState(false);
  const text = (name: string) => String(form[name] ?? '');
  const number = (name: string) => (text(name).trim() === '' ? null : Number(text(name)));
  const letter = (name: string) => (text(name) || null) as CompassLetter | null;
  const candidate: SiteUpdate = {
    name: text('name'),
    alternative_name: text('alternative_name'),
    description: text('description'),
    asset_management_id: text('asset_management_id'),
    latitude: number('latitude'),
    longitude: number('longitude'),
    heading: number('heading'),
    direction_one: letter('direction_one'),
    direction_two: letter('direction_two'),
    site_type: text('site_type') as SiteUpdate['site_type'],
    time_zone: text('time_zone'),
    class_scheme: text('class_scheme'),
    pedestrians_included: form.pedestrians_included === true,
    notes: text('notes'),
  };
  const parsed = siteUpdateSchema.safeParse(candidate);
  const directions = {
    direction_one: letter('direction_one'),
    direction_two: letter('direction_two'),
  };
  // A direction that has lanes (saved or new) cannot be emptied.
  const leaving = directionsLeavingLanes(
    lanes.map((lane) => site[lane.direction]),
    site,
    directions,
  );
  const debouncedName = useDebouncedValue(text('name').trim());
  const clashes = useNameClashes(
    site.id,
    debouncedName.toLowerCase() === site.name.toLowerCase() ? '' : debouncedName,
  );
  const clashing =
    debouncedName.toLowerCase() !== site.name.toLowerCase() ? (clashes.data ?? []) : [];
  const problem = (name: string) =>
    leaving.includes(name as (typeof leaving)[number])
      ? LANE_MESSAGES.directionHasLanes
      : parsed.error?.issues.find((issue) => issue.path[0] === name)?.message;
  const helper = (name: string) => {
    if (name === 'name' && clashing.length > 0)
      return t('siteEdit.nameClash', { names: clashing.join(', ') });
    const message = problem(name);
    return message ? t(MESSAGE_KEYS.get(message) ?? 'sites.problems.invalid') : ' ';
  };
  const set = (changes: Record<string, string | boolean>) =>
    setForm((current) => ({ ...current, ...changes }));
  const field = (name: string, props: Record<string, unknown> = {}) => (
    <TextField
      fullWidth
      size="small"
      label={t(name === 'heading' ? 'siteEdit.fields.heading' : `sites.fields.${name}`)}
      value={text(name)}
      onChange={(event) => set({ [name]: event.target.value })}
      error={problem(name) !== undefined || (name === 'name' && clashing.length > 0)}
      helperText={helper(name)}
      {...props}
    />
  );
  const choice = (
    name: string,
    options: readonly string[],
    label: (option: string) => string,
    empty = false,
  ) =>
    field(name, {
      select: true,
      children: [
        ...(empty
          ? [
              <MenuItem key="" value="">
                {t('sites.none')}
              </MenuItem>,
            ]
          : []),
        ...options.map((option) => (
          <MenuItem key={option} value={option}>
            {label(option)}
          </MenuItem>
        )),
      ],
    });
  const pending = update.isPending || saveLanes.isPending;
  const valid = parsed.success && leaving.length === 0 && clashing.length === 0;
  const save = async () => {
    await update.mutateAsync({ id: site.id, input: candidate });
    if (lanesChanged(lanes, savedDrafts))
      await saveLanes.mutateAsync({ siteId: site.id, lanes: laneInputs(lanes, directions) });
    // A new class scheme or pedestrian flag queued the site's reprocess: show its progress.
    if (
      candidate.class_scheme !== site.class_scheme ||
      candidate.pedestrians_included !== site.pedestrians_included ||
      candidate.time_zone !== site.time_zone ||
      candidate.direction_one !== site.direction_one ||
      candidate.direction_two !== site.direction_two
    )
      setReprocessing(true);
    else onClose();
  };
  const failure = update.error ?? saveLanes.error;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby="site-edit-title"
    >
      <DialogTitle id="site-edit-title">{t('sites.edit.title', { name: site.name })}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('alternative_name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('asset_management_id')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {choice('site_type', SITE_TYPES, (type) => t(`map.siteTypes.${type}`))}
          </Grid>
          <Grid size={12}>{field('description', { multiline: true, minRows: 2 })}</Grid>
          <Section title={t('siteEdit.sections.location')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 6, sm: 4 }}>{field('latitude', { type: 'number' })}</Grid>
              <Grid size={{ xs: 6, sm: 4 }}>{field('longitude', { type: 'number' })}</Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                {field('heading', {
                  type: 'number',
                  slotProps: { htmlInput: { min: 0, max: 360 } },
                })}
              </Grid>
              <Grid size={12}>
                <Suspense fallback={<CircularProgress size={24} />}>
                  <LocationPicker
                    point={markedPoint(text('latitude'), text('longitude'))}
                    onPick={({ latitude, longitude }) =>
                      set({ latitude: String(latitude), longitude: String(longitude) })
                    }
                  />
                </Suspense>
              </Grid>
            </Grid>
          </Section>
          <Section title={t('siteEdit.sections.directions')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 6, sm: 3 }}>
                {choice('direction_one', LETTERS, (value) => t(`sites.compass.${value}`), true)}
              </Grid>
              <Grid size={{ xs: 6, sm: 3 }}>
                {choice('direction_two', LETTERS, (value) => t(`sites.compass.${value}`), true)}
              </Grid>
              <Grid size={12}>
                {savedLanes.isError ? (
                  <Alert severity="error">{savedLanes.error.message}</Alert>
                ) : savedLanes.data ? (
                  <LanesEditor lanes={lanes} directions={directions} onChange={setEditedLanes} />
                ) : (
                  <CircularProgress size={24} />
                )}
              </Grid>
              <Grid size={12}>
                {/* Issue 27: saved lanes only; a lane being added is mapped once saved. */}
                {savedLanes.data && <LaneArrays siteId={site.id} lanes={savedLanes.data} />}
              </Grid>
            </Grid>
          </Section>
          <Section title={t('siteEdit.sections.speedLimit')}>
            <SpeedLimits siteId={site.id} />
          </Section>
          <Section title={t('siteEdit.sections.counting')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                {choice(
                  'class_scheme',
                  CLASS_SCHEMES.map((scheme) => scheme.id),
                  (id) => CLASS_SCHEMES.find((scheme) => scheme.id === id)?.name ?? id,
                )}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('time_zone')}</Grid>
              <Grid size={12}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={form.pedestrians_included === true}
                      onChange={(event) => set({ pedestrians_included: event.target.checked })}
                    />
                  }
                  label={t('sites.fields.pedestrians_included')}
                />
              </Grid>
              <Grid size={12}>{field('notes', { multiline: true, minRows: 2 })}</Grid>
            </Grid>
          </Section>
        </Grid>
        {failure && <Alert severity="error">{failure.message}</Alert>}
        {reprocessing && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('siteDetailTools.scheme.queued')}
            <Box sx={{ mt: 1 }}>
              <TaskProgress siteId={site.id} />
            </Box>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {reprocessing ? (
          <Button variant="contained" onClick={onClose}>
            {t('siteDetailTools.close')}
          </Button>
        ) : (
          <>
            <SiteDeleteButton site={site} onDeleted={onClose} />
            <Button onClick={onClose}>{t('sites.edit.cancel')}</Button>
            <Button
              variant="contained"
              disabled={!valid || pending}
              onClick={() =>
                candidate.time_zone !== site.time_zone
                  ? setConfirmingZone(true)
                  : void save().catch(() => undefined)
              }
            >
              {t('sites.edit.save')}
            </Button>
          </>
        )}
      </DialogActions>
      {confirmingZone && (
        <Dialog open onClose={() => setConfirmingZone(false)} aria-labelledby="zone-confirm-title">
          <DialogTitle id="zone-confirm-title">{t('fieldFiles.timeZone.confirmTitle')}</DialogTitle>
          <DialogContent>
            <Typography>
              {t('fieldFiles.timeZone.confirm', { zone: candidate.time_zone })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmingZone(false)}>
              {t('fieldFiles.timeZone.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => {
                setConfirmingZone(false);
                void save().catch(() => undefined);
              }}
            >
              {t('fieldFiles.timeZone.proceed')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Dialog>
  );
}
