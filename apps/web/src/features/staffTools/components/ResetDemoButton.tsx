import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { useStartStaffTask } from '../api/staffToolsApi.ts';

/** Platform staff take the demo organisation back to its seeded state, once confirmed. */
export function ResetDemoButton() {
  const { t } = useTranslation();
  const start = useStartStaffTask();
  const flash = useFlash();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={() => setConfirming(true)}>
        {t('staffTools.resetDemo.open')}
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          title={t('staffTools.resetDemo.title')}
          destructive
          confirmLabel={t('staffTools.resetDemo.confirm')}
          busy={start.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            start.mutate(
              { kind: 'reset_demo_account' },
              {
                onSuccess: () => {
                  setConfirming(false);
                  flash({ message: t('staffTools.queued', { count: 1 }), severity: 'success' });
                },
                onError: (error) => flash({ message: error.message, severity: 'error' }),
              },
            )
          }
        >
          {t('staffTools.resetDemo.text')}
        </ConfirmDialog>
      )}
    </>
  );
}
