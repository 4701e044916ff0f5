import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SITE_GROUP_MESSAGES, siteGroupNameProblem } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddSitesToGroup,
  useDeleteSiteGroup,
  useRemoveSitesFromGroup,
  useRenameSiteGroup,
  useSiteGroup,
  type SiteGroup,
} from '../api/siteGroupsApi.ts';

const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(SITE_GROUP_MESSAGES).map(([key, message]) => [message, key]),
);

/** The server's message translated when it is one of the group rules', else as it came. */
export function groupFailureText(t: (key: string) => string, message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? t(`siteGroups.problems.${key}`) : message;
}

interface Props {
  group: SiteGroup;
  /** Names of the organisation's other groups, which a new name may not repeat. */
  otherNames: string[];
  /** The sites chosen in the table, which can be added to the group. */
  selectedIds: string[];
}

/** One site group: rename, delete after confirmation, add the selected sites, list and remove its sites. */
export function SiteGroupRow({ group, otherNames, selectedIds }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const members = useSiteGroup(open ? group.id : null);
  const rename = useRenameSiteGroup();
  const remove = useDeleteSiteGroup();
  const add = useAddSitesToGroup();
  const removeSites = useRemoveSitesFromGroup();
  const problem = name === null ? undefined : siteGroupNameProblem(name, otherNames);
  const failure = [rename, remove, add, removeSites].find((mutation) => mutation.isError)?.error;
  const headingId = `site-group-${group.id}`;

  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', py: 1.5 }}
    >
      {name === null ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {group.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('siteGroups.siteCount', { count: group.site_count })}
            </Typography>
          </Box>
          <Stack
            direction="row"
            spacing={0.5}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          >
            {selectedIds.length > 0 && (
              <Button
                size="small"
                variant="outlined"
                disabled={add.isPending}
                onClick={() => add.mutate({ id: group.id, site_ids: selectedIds })}
                aria-label={t('siteGroups.addSelectedTo', {
                  count: selectedIds.length,
                  name: group.name,
                })}
              >
                {t('siteGroups.addSelected', { count: selectedIds.length })}
              </Button>
            )}
            <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
              {open ? t('siteGroups.hideSites') : t('siteGroups.showSites')}
            </Button>
            <IconButton
              size="small"
              aria-label={t('siteGroups.renameNamed', { name: group.name })}
              onClick={() => setName(group.name)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('siteGroups.deleteNamed', { name: group.name })}
              onClick={() => setConfirming(true)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        </Stack>
      ) : (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => {
            event.preventDefault();
            if (problem) return;
            rename.mutate({ id: group.id, name }, { onSuccess: () => setName(null) });
          }}
        >
          <TextField
            size="small"
            autoFocus
            fullWidth
            label={t('siteGroups.newName', { name: group.name })}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={problem !== undefined}
            helperText={problem ? t(`siteGroups.problems.${problem}`) : ' '}
          />
          <Stack direction="row" spacing={1}>
            <Button
              type="submit"
              variant="contained"
              disabled={problem !== undefined || rename.isPending}
            >
              {t('siteGroups.save')}
            </Button>
            <Button onClick={() => setName(null)}>{t('siteGroups.cancel')}</Button>
          </Stack>
        </Stack>
      )}
      {confirming && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => setConfirming(false)}>
                {t('siteGroups.cancel')}
              </Button>
              <Button
                color="error"
                variant="contained"
                size="small"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: group.id })}
              >
                {t('siteGroups.delete')}
              </Button>
            </Stack>
          }
        >
          {t('siteGroups.confirmDelete', { name: group.name })}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {groupFailureText(t, failure.message)}
        </Alert>
      )}
      {open && (
        <List dense aria-label={t('siteGroups.sitesOf', { name: group.name })}>
          {members.data?.sites.length === 0 && (
            <ListItem>
              <ListItemText secondary={t('siteGroups.noSites')} />
            </ListItem>
          )}
          {members.data?.sites.map((site) => (
            <ListItem
              key={site.id}
              secondaryAction={
                <Button
                  size="small"
                  disabled={removeSites.isPending}
                  aria-label={t('siteGroups.removeNamed', { name: site.name, group: group.name })}
                  onClick={() => removeSites.mutate({ id: group.id, site_ids: [site.id] })}
                >
                  {t('siteGroups.remove')}
                </Button>
              }
            >
              <ListItemText primary={site.name} sx={{ pr: 10, overflowWrap: 'anywhere' }} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
