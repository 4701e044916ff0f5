import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { siteGroupNameProblem } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateSiteGroup, useSiteGroups } from '../api/siteGroupsApi.ts';
import { groupFailureText, SiteGroupRow } from './SiteGroupRow.tsx';

interface Props {
  /** Sites chosen in the table: a new group starts with them, and they can be added to a group. */
  selectedIds: string[];
  canEdit: boolean;
  onClose: () => void;
}

/** SPEC section 2: site groups, named sets of sites; create, rename, delete, add and remove sites. */
export function SiteGroupsDialog({ selectedIds, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const groups = useSiteGroups();
  const create = useCreateSiteGroup();
  const [name, setName] = useState('');
  const names = groups.data?.map((group) => group.name) ?? [];
  const problem = name === '' ? undefined : siteGroupNameProblem(name, names);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="site-groups-title"
    >
      <DialogTitle id="site-groups-title">{t('siteGroups.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {canEdit && (
            <Stack
              component="form"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' }, pt: 1 }}
              onSubmit={(event) => {
                event.preventDefault();
                if (name.trim() === '' || problem) return;
                create.mutate({ name, site_ids: selectedIds }, { onSuccess: () => setName('') });
              }}
            >
              <TextField
                size="small"
                fullWidth
                label={t('siteGroups.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={problem !== undefined}
                helperText={
                  problem
                    ? t(`siteGroups.problems.${problem}`)
                    : selectedIds.length > 0
                      ? t('siteGroups.startsWith', { count: selectedIds.length })
                      : ' '
                }
              />
              <Button
                type="submit"
                variant="contained"
                sx={{ flexShrink: 0 }}
                disabled={name.trim() === '' || problem !== undefined || create.isPending}
              >
                {t('siteGroups.create')}
              </Button>
            </Stack>
          )}
          {create.isError && (
            <Alert severity="error">{groupFailureText(t, create.error.message)}</Alert>
          )}
          {groups.isFetching && <LinearProgress />}
          {groups.isError && <Alert severity="error">{groups.error.message}</Alert>}
          {groups.data?.length === 0 && (
            <Typography color="text.secondary">{t('siteGroups.empty')}</Typography>
          )}
          <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={t('siteGroups.title')}>
            {groups.data?.map((group) =>
              canEdit ? (
                <SiteGroupRow
                  key={group.id}
                  group={group}
                  otherNames={names.filter((other) => other !== group.name)}
                  selectedIds={selectedIds}
                />
              ) : (
                <Box component="li" key={group.id} sx={{ listStyle: 'none', py: 1 }}>
                  <Typography>{group.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('siteGroups.siteCount', { count: group.site_count })}
                  </Typography>
                </Box>
              ),
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('siteGroups.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
