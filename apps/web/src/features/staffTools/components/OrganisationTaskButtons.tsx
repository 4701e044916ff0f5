import { MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { useStartStaffTask } from '../api/staffToolsApi.ts';

interface Props {
  organisationId: string;
  name: string;
}

/**
 * Platform staff's tasks on one organisation, as items of its menu on the Organisations screen:
 * assume coordinates, clean empty files.
 */
export function OrganisationTaskButtons({ organisationId, name }: Props) {
  const { t } = useTranslation();
  const start = useStartStaffTask();
  const flash = useFlash();
  const queue = (kind: 'assume_coordinates' | 'clean_empty_files') =>
    start.mutate(
      { kind, organisationId },
      {
        onSuccess: () =>
          flash({ message: t('staffTools.queued', { count: 1 }), severity: 'success' }),
        onError: (error) => flash({ message: error.message, severity: 'error' }),
      },
    );
  return (
    <>
      <MenuItem
        disabled={start.isPending}
        onClick={() => queue('assume_coordinates')}
        aria-label={t('staffTools.organisation.assumeNamed', { name })}
      >
        {t('staffTools.organisation.assume')}
      </MenuItem>
      <MenuItem
        disabled={start.isPending}
        onClick={() => queue('clean_empty_files')}
        aria-label={t('staffTools.organisation.cleanNamed', { name })}
      >
        {t('staffTools.organisation.clean')}
      </MenuItem>
    </>
  );
}
