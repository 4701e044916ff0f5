import SpeedIcon from '@mui/icons-material/Speed';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/lib/profile.ts';
import { useSpeedLimits } from '../api/speedLimitsApi.ts';
import { SpeedLimitsDialog } from './SpeedLimitsDialog.tsx';
import { speedIn, type Units } from '../siteDetailFilters.ts';

interface Props {
  siteId: string;
}

/** The site's speed limits with the dates they apply from, edited in the speed limits dialog. */
export function SpeedLimitSummary({ siteId }: Props) {
  const { t, i18n } = useTranslation();
  const limits = useSpeedLimits(siteId);
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const units: Units = profile.data?.organisation?.preferences.default_units ?? 'metric';
  const unit = t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph');
  return (
    <Stack spacing={1}>
      {limits.data?.length === 0 && (
        <Alert severity="warning">{t('siteDetail.header.noSpeedLimit')}</Alert>
      )}
      {limits.data?.map((limit) => (
        <Typography key={limit.effective_from} variant="body2">
          {t('siteEdit.speedLimit.from', {
            limit: (Math.round(speedIn(units, limit.limit_mps) * 10) / 10).toLocaleString(
              i18n.language,
            ),
            unit,
            date: limit.effective_from,
          })}
        </Typography>
      ))}
      <Button
        size="small"
        startIcon={<SpeedIcon />}
        sx={{ alignSelf: 'flex-start' }}
        disabled={!limits.data}
        onClick={() => setEditing(true)}
      >
        {t('siteEdit.speedLimit.edit')}
      </Button>
      {editing && limits.data && (
        <SpeedLimitsDialog
          siteId={siteId}
          limits={limits.data}
          units={units}
          canEdit
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
