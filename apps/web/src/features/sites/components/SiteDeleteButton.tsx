import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { useDeleteSite } from '../api/siteLifecycleApi.ts';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';

interface Props {
  site: { id: string; name: string };
  onDeleted: () => void;
}

/** Queues a site's deletion (SPEC section 4) after asking; it can be restored later. */
export function SiteDeleteButton({ site, onDeleted }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const deleteSite = useDeleteSite();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button color="error" onClick={() => setAsking(true)} sx={{ mr: 'auto' }}>
        {t('siteDelete.delete')}
      </Button>
      {asking && (
        <ConfirmDialog
          open
          title={t('siteDelete.confirmTitle', { name: site.name })}
          destructive
          confirmLabel={t('siteDelete.delete')}
          busy={deleteSite.isPending}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            deleteSite.mutate(site.id, {
              onSuccess: () => {
                flash({ message: t('siteDelete.queued', { name: site.name }), severity: 'info' });
                setAsking(false);
                onDeleted();
              },
              onError: (error) => flash({ message: error.message, severity: 'error' }),
            })
          }
        >
          {t('siteDelete.confirmText')}
        </ConfirmDialog>
      )}
    </>
  );
}
