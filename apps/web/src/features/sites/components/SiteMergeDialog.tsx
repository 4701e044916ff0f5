import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  findClassScheme,
  mergeDirections,
  planSiteMerge,
  type CompassLetter,
  type DirectionAlignment,
  type MergeSite,
} from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { useMergeSites, type AlignmentEntry } from '../api/siteGroupsApi.ts';
import type { Site } from '@/lib/sites.ts';

interface Props {
  sites: Site[];
  onClose: () => void;
  /** Called once the merge task is queued. */
  onQueued: () => void;
}

function directionsOf(site: MergeSite): CompassLetter[] {
  return [site.direction_one, site.direction_two].filter(
    (letter): letter is CompassLetter => letter !== null,
  );
}

/**
 * SPEC section 4: merge the chosen sites into one of them. Sites with inconsistent class schemes
 * are refused; when they name more than 2 directions, each direction of the others is aligned to
 * one of the target's two. The merge is queued and the user emailed when it is done.
 */
export function SiteMergeDialog({ sites, onClose, onQueued }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const merge = useMergeSites();
  const [targetId, setTargetId] = useState(sites[0]?.id ?? '');
  const [chosen, setChosen] = useState<DirectionAlignment>({});
  const target = sites.find((site) => site.id === targetId) ?? sites[0];
  if (!target) return null;
  const sources = sites.filter((site) => site.id !== target.id);
  const targetDirections = directionsOf(target);
  const needsAlignment = mergeDirections(sites).length > 2 && targetDirections.length === 2;
  // A direction the target has counts as itself until the user chooses otherwise.
  const alignment: DirectionAlignment = Object.fromEntries(
    sources.map((source) => [
      source.id,
      Object.fromEntries(
        directionsOf(source).flatMap((from) => {
          const to = chosen[source.id]?.[from] ?? (targetDirections.includes(from) ? from : null);
          return to ? [[from, to]] : [];
        }),
      ),
    ]),
  );
  const plan = planSiteMerge(target, sources, alignment);
  const problem = plan.ok ? null : plan.problem;
  const schemeName = (site: Site) => findClassScheme(site.class_scheme).name;
  const directionText = (site: Site) =>
    directionsOf(site)
      .map((letter) => t(`sites.compass.${letter}`))
      .join(' / ') || t('siteMerge.noDirections');

  const submit = () => {
    const entries: AlignmentEntry[] = needsAlignment
      ? Object.entries(alignment).flatMap(([siteId, map]) =>
          Object.entries(map).map(([from, to]) => ({
            site_id: siteId,
            from: from as CompassLetter,
            to: to,
          })),
        )
      : [];
    merge.mutate(
      { target_id: target.id, source_ids: sources.map((site) => site.id), alignment: entries },
      {
        onSuccess: () => {
          flash({ message: t('siteMerge.queued', { target: target.name }), severity: 'success' });
          onQueued();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="site-merge-title">
      <DialogTitle id="site-merge-title">
        {t('siteMerge.title', { count: sites.length })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('siteMerge.explain')}</DialogContentText>
          <FormControl>
            <FormLabel id="merge-target-label">{t('siteMerge.target')}</FormLabel>
            <RadioGroup
              aria-labelledby="merge-target-label"
              value={target.id}
              onChange={(event) => {
                setTargetId(event.target.value);
                setChosen({});
              }}
            >
              {sites.map((site) => (
                <FormControlLabel
                  key={site.id}
                  value={site.id}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Stack sx={{ py: 0.5 }}>
                      <Typography>{site.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('siteMerge.siteFacts', {
                          scheme: schemeName(site),
                          directions: directionText(site),
                          files: site.files,
                        })}
                      </Typography>
                    </Stack>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          {problem === 'inconsistentSchemes' && (
            <Alert severity="error">
              {t('siteMerge.problems.inconsistentSchemes')}{' '}
              {sites.map((site) => `${site.name}: ${schemeName(site)}`).join(', ')}
            </Alert>
          )}
          {problem === 'targetDirections' && (
            <Alert severity="warning">{t('siteMerge.problems.targetDirections')}</Alert>
          )}
          {needsAlignment && problem !== 'inconsistentSchemes' && (
            <Stack spacing={2} role="group" aria-labelledby="merge-alignment-label">
              <Typography id="merge-alignment-label" variant="subtitle1" component="h3">
                {t('siteMerge.alignTitle', { target: target.name })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('siteMerge.alignExplain', { count: mergeDirections(sites).length })}
              </Typography>
              {sources.flatMap((source) =>
                directionsOf(source).map((from) => (
                  <TextField
                    key={`${source.id}-${from}`}
                    select
                    size="small"
                    label={t('siteMerge.alignLabel', {
                      site: source.name,
                      direction: t(`sites.compass.${from}`),
                    })}
                    value={alignment[source.id]?.[from] ?? ''}
                    onChange={(event) =>
                      setChosen((current) => ({
                        ...current,
                        [source.id]: {
                          ...current[source.id],
                          [from]: event.target.value as CompassLetter,
                        },
                      }))
                    }
                  >
                    {targetDirections.map((to) => (
                      <MenuItem key={to} value={to}>
                        {t('siteMerge.countsAs', { direction: t(`sites.compass.${to}`) })}
                      </MenuItem>
                    ))}
                  </TextField>
                )),
              )}
              {problem === 'alignmentDistinct' && (
                <Alert severity="warning">{t('siteMerge.problems.alignmentDistinct')}</Alert>
              )}
            </Stack>
          )}
          {merge.isError && <Alert severity="error">{merge.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('siteMerge.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!plan.ok || merge.isPending}>
          {t('siteMerge.merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
