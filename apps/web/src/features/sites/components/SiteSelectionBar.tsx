import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadSiteList } from '../api/siteGroupsApi.ts';

interface Props {
  count: number;
  selectedIds: string[];
  canEdit: boolean;
  onGroups: () => void;
  onMerge: () => void;
  /** Platform staff: the staff tools for the chosen sites (move, clean lanes, re-upload). */
  onStaffTools?: () => void;
  onClear: () => void;
}

/** What can be done with the sites chosen in the table: group, merge, site list, clear. */
export function SiteSelectionBar({
  count,
  selectedIds,
  canEdit,
  onGroups,
  onMerge,
  onStaffTools,
  onClear,
}: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  return (
    <Stack
      spacing={1}
      sx={{ px: 2, py: 1.5, bgcolor: 'action.selected' }}
      role="region"
      aria-label={t('siteGroups.selection')}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography sx={{ fontWeight: 500, mr: { sm: 1 } }} aria-live="polite">
          {t('siteGroups.selected', { count })}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {canEdit && (
            <Button size="small" variant="outlined" onClick={onGroups}>
              {t('siteGroups.addToGroup')}
            </Button>
          )}
          {canEdit && (
            <Button size="small" variant="outlined" onClick={onMerge} disabled={count < 2}>
              {t('siteMerge.open')}
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            disabled={downloading}
            onClick={() => {
              setFailure(null);
              setDownloading(true);
              downloadSiteList(selectedIds)
                .catch((error: unknown) =>
                  setFailure(error instanceof Error ? error.message : String(error)),
                )
                .finally(() => setDownloading(false));
            }}
          >
            {t('siteLists.download')}
          </Button>
          {onStaffTools && (
            <Button size="small" variant="outlined" onClick={onStaffTools}>
              {t('staffTools.siteTools.open')}
            </Button>
          )}
          <Button size="small" onClick={onClear}>
            {t('siteGroups.clearSelection')}
          </Button>
        </Stack>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
    </Stack>
  );
}
