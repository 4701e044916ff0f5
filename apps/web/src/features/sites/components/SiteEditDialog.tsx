import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  TextField,
} from '@mui/material';
import {
  CLASS_SCHEMES,
  SITE_MESSAGES,
  SITE_TYPES,
  siteUpdateSchema,
  type SiteUpdate,
} from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateSite, type Site } from '../api/sitesApi.ts';
import { SiteTaskProgress } from '../../siteDetail/components/SiteTaskProgress.tsx';

interface Props {
  site: Site;
  onClose: () => void;
}

const LETTERS = ['N', 'E', 'S', 'W'] as const;

/** The translation key of each domain rule's message. */
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(SITE_MESSAGES).map(([key, message]) => [message, `sites.problems.${key}`]),
);

function fromSite(site: Site): Record<string, string | boolean> {
  return {
    name: site.name,
    alternative_name: site.alternative_name ?? '',
    description: site.description ?? '',
    asset_management_id: site.asset_management_id ?? '',
    latitude: site.latitude === null ? '' : String(site.latitude),
    longitude: site.longitude === null ? '' : String(site.longitude),
    direction_one: site.direction_one ?? '',
    direction_two: site.direction_two ?? '',
    site_type: site.site_type,
    time_zone: site.time_zone,
    class_scheme: site.class_scheme,
    pedestrians_included: site.pedestrians_included,
    notes: site.notes ?? '',
  };
}

/** Edits a site with the rules of SPEC section 5, checked here and again on the server. */
export function SiteEditDialog({ site, onClose }: Props) {
  const { t } = useTranslation();
  const update = useUpdateSite();
  const [form, setForm] = useState(() => fromSite(site));
  // A new class scheme or pedestrian flag queues the site's reprocess: its progress shows here.
  const [reprocessing, setReprocessing] = useState(false);
  const text = (name: string) => String(form[name] ?? '');
  const number = (name: string) => (text(name).trim() === '' ? null : Number(text(name)));
  const candidate: SiteUpdate = {
    name: text('name'),
    alternative_name: text('alternative_name'),
    description: text('description'),
    asset_management_id: text('asset_management_id'),
    latitude: number('latitude'),
    longitude: number('longitude'),
    direction_one: (text('direction_one') || null) as SiteUpdate['direction_one'],
    direction_two: (text('direction_two') || null) as SiteUpdate['direction_two'],
    site_type: text('site_type') as SiteUpdate['site_type'],
    time_zone: text('time_zone'),
    class_scheme: text('class_scheme'),
    pedestrians_included: form.pedestrians_included === true,
    notes: text('notes'),
  };
  const parsed = siteUpdateSchema.safeParse(candidate);
  const problem = (name: string) =>
    parsed.error?.issues.find((issue) => issue.path[0] === name)?.message;
  const field = (name: string, props: Record<string, unknown> = {}) => (
    <TextField
      fullWidth
      size="small"
      label={t(`sites.fields.${name}`)}
      value={text(name)}
      onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
      error={problem(name) !== undefined}
      helperText={
        problem(name) ? t(MESSAGE_KEYS.get(problem(name) ?? '') ?? 'sites.problems.invalid') : ' '
      }
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
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="site-edit-title">
      <DialogTitle id="site-edit-title">{t('sites.edit.title', { name: site.name })}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('alternative_name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('latitude', { type: 'number' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('longitude', { type: 'number' })}</Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            {choice('direction_one', LETTERS, (letter) => t(`sites.compass.${letter}`), true)}
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            {choice('direction_two', LETTERS, (letter) => t(`sites.compass.${letter}`), true)}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {choice('site_type', SITE_TYPES, (type) => t(`map.siteTypes.${type}`))}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('time_zone')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {choice(
              'class_scheme',
              CLASS_SCHEMES.map((scheme) => scheme.id),
              (id) => CLASS_SCHEMES.find((scheme) => scheme.id === id)?.name ?? id,
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('asset_management_id')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.pedestrians_included === true}
                  onChange={(event) =>
                    setForm((current) => ({
                      ...current,
                      pedestrians_included: event.target.checked,
                    }))
                  }
                />
              }
              label={t('sites.fields.pedestrians_included')}
            />
          </Grid>
          <Grid size={12}>{field('description', { multiline: true, minRows: 2 })}</Grid>
          <Grid size={12}>{field('notes', { multiline: true, minRows: 2 })}</Grid>
        </Grid>
        {update.isError && <Alert severity="error">{update.error.message}</Alert>}
        {reprocessing && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('siteDetailTools.scheme.queued')}
            <Box sx={{ mt: 1 }}>
              <SiteTaskProgress siteId={site.id} />
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
            <Button onClick={onClose}>{t('sites.edit.cancel')}</Button>
            <Button
              variant="contained"
              disabled={!parsed.success || update.isPending}
              onClick={() =>
                update.mutate(
                  { id: site.id, input: candidate },
                  {
                    onSuccess: () => {
                      if (
                        candidate.class_scheme !== site.class_scheme ||
                        candidate.pedestrians_included !== site.pedestrians_included
                      )
                        setReprocessing(true);
                      else onClose();
                    },
                  },
                )
              }
            >
              {t('sites.edit.save')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
