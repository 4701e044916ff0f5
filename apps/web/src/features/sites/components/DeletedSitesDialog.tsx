import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import {
  useDeletedSites,
  useDeleteSitePermanently,
  useRestoreSite,
  type DeletedSite,
} from '../api/siteLifecycleApi.ts';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';

interface Props {
  onClose: () => void;
}

/** The organisation's deleted sites: restore one as it was, or delete it for good after asking. */
export function DeletedSitesDialog({ onClose }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const flash = useFlash();
  const deleted = useDeletedSites(true);
  const restore = useRestoreSite();
  const purge = useDeleteSitePermanently();
  const [purging, setPurging] = useState<DeletedSite | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const failed = (error: Error) => flash({ message: error.message, severity: 'error' });

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="deleted-sites-title"
    >
      <DialogTitle id="deleted-sites-title">{t('siteDelete.deletedTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('siteDelete.deletedIntro')}</DialogContentText>
          {deleted.isPending && <LinearProgress />}
          {deleted.isError && <Alert severity="error">{deleted.error.message}</Alert>}
          {deleted.data?.length === 0 && <Typography>{t('siteDelete.noneDeleted')}</Typography>}
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {deleted.data?.map((site) => (
              <Paper component="li" variant="outlined" key={site.id} sx={{ p: 1.5 }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <div>
                    <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {site.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('siteDelete.deletedOn', {
                        date: date.format(new Date(site.deleted_at)),
                        count: site.files,
                      })}
                    </Typography>
                  </div>
                  {site.permanent_deletion_pending ? (
                    <Chip label={t('siteDelete.purging')} size="small" />
                  ) : (
                    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={restore.isPending}
                        aria-label={t('siteDelete.restoreNamed', { name: site.name })}
                        onClick={() =>
                          restore.mutate(site.id, {
                            onSuccess: () =>
                              flash({
                                message: t('siteDelete.restored', { name: site.name }),
                                severity: 'success',
                              }),
                            onError: failed,
                          })
                        }
                      >
                        {t('siteDelete.restore')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('siteDelete.purgeNamed', { name: site.name })}
                        onClick={() => setPurging(site)}
                      >
                        {t('siteDelete.purge')}
                      </Button>
                    </Stack>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('siteDelete.close')}</Button>
      </DialogActions>
      {purging && (
        <ConfirmDialog
          open
          title={t('siteDelete.purgeTitle', { name: purging.name })}
          destructive
          confirmLabel={t('siteDelete.purge')}
          busy={purge.isPending}
          onClose={() => setPurging(null)}
          onConfirm={() =>
            purge.mutate(purging.id, {
              onSuccess: () => {
                flash({
                  message: t('siteDelete.purgeQueued', { name: purging.name }),
                  severity: 'info',
                });
                setPurging(null);
              },
              onError: failed,
            })
          }
        >
          {t('siteDelete.purgeText', { count: purging.files })}
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
