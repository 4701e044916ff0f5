import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useOrganisations } from '@/lib/organisations.ts';
import { useStartStaffTask, type StaffTaskKind } from '../api/staffToolsApi.ts';

interface Props {
  sites: readonly { id: string; name: string; owner_organisation_id: string }[];
  onClose: () => void;
}

/**
 * Platform staff's tools for the chosen sites: move them to another organisation (with their
 * files, groups and notes), clean their lanes, or empty their vehicles and read their files
 * again from the raw uploads. Each is a task, followed on the profile.
 */
export function StaffSiteToolsDialog({ sites, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const organisations = useOrganisations();
  const start = useStartStaffTask();
  const [target, setTarget] = useState('');
  const [queued, setQueued] = useState<number | null>(null);
  const choices = [...(organisations.data ?? [])]
    .filter((organisation) => sites.some((site) => site.owner_organisation_id !== organisation.id))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  const names = sites.map((site) => site.name).join(', ');

  const queue = async (kind: StaffTaskKind) => {
    setQueued(null);
    let count = 0;
    for (const site of sites) {
      if (kind === 'move_site_organisation' && site.owner_organisation_id === target) continue;
      await start.mutateAsync({
        kind,
        siteId: site.id,
        ...(kind === 'move_site_organisation' ? { organisationId: target } : {}),
      });
      count += 1;
    }
    setQueued(count);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {t('staffTools.siteTools.title', { count: sites.length })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">{names}</Typography>
          <Typography variant="h3">{t('staffTools.siteTools.moveHeading')}</Typography>
          <Typography variant="body2">{t('staffTools.siteTools.moveHelp')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label={t('staffTools.siteTools.receiving')}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              sx={{ minWidth: 240, flex: 1 }}
            >
              {choices.map((organisation) => (
                <MenuItem key={organisation.id} value={organisation.id}>
                  {organisation.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              disabled={!target || start.isPending}
              onClick={() => void queue('move_site_organisation')}
            >
              {t('staffTools.siteTools.move')}
            </Button>
          </Stack>
          <Divider />
          <Typography variant="h3">{t('staffTools.siteTools.dataHeading')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              variant="outlined"
              disabled={start.isPending}
              onClick={() => void queue('clean_lanes')}
            >
              {t('staffTools.siteTools.cleanLanes')}
            </Button>
            <Button
              variant="outlined"
              disabled={start.isPending}
              onClick={() => void queue('empty_vehicles_reupload')}
            >
              {t('staffTools.siteTools.reupload')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('staffTools.siteTools.dataHelp')}
          </Typography>
          {start.isError && <Alert severity="error">{start.error.message}</Alert>}
          {queued !== null && (
            <Alert severity="success">
              {t('staffTools.queued', { count: queued })}{' '}
              <Link component={RouterLink} to="/ui/profile">
                {t('staffTools.followOnProfile')}
              </Link>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('staffTools.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
