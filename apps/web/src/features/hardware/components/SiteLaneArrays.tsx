import { Alert, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/requestErrors.ts';
import {
  useCreateDeviceMapping,
  useDeviceArrays,
  useDeviceMappings,
  useEndDeviceMapping,
} from '../api/hardwareApi.ts';
import { useCanEditHardware } from '@/lib/useCanEditHardware.ts';

interface Props {
  siteId: string;
  /** The site's saved lanes, in order. */
  lanes: readonly { id: string; name: string; direction: string | null }[];
}

/**
 * Which device array measures each lane of the site now. Choosing another array ends the lane's
 * current mapping now and maps the chosen one from now; choosing none ends it.
 */
export function SiteLaneArrays({ siteId, lanes }: Props) {
  const { t } = useTranslation();
  const arrays = useDeviceArrays();
  const mappings = useDeviceMappings(siteId);
  const create = useCreateDeviceMapping();
  const end = useEndDeviceMapping();
  const canEdit = useCanEditHardware();
  const failure = create.error ?? end.error;
  const current = (laneId: string) =>
    mappings.data?.find(
      (mapping) =>
        mapping.lane_id === laneId &&
        (mapping.valid_to === null || Date.parse(mapping.valid_to) > Date.now()),
    );

  const choose = async (laneId: string, arrayId: string) => {
    const now = new Date().toISOString();
    const before = current(laneId);
    try {
      if (before) await end.mutateAsync({ id: before.id, validTo: now });
      if (arrayId)
        await create.mutateAsync({
          device_array_id: arrayId,
          site_id: siteId,
          lane_id: laneId,
          valid_from: now,
        });
    } catch {
      // Shown below.
    }
  };

  if (!arrays.data || !mappings.data) return null;
  return (
    <Stack spacing={1.5} data-testid="site-lane-arrays">
      <Typography variant="subtitle2">{t('hardware.laneArrays.title')}</Typography>
      {lanes.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('hardware.laneArrays.noLanes')}
        </Typography>
      )}
      {arrays.data.length === 0 && lanes.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('hardware.laneArrays.noArrays')}
        </Typography>
      )}
      {arrays.data.length > 0 &&
        lanes.map((lane, index) => (
          <TextField
            key={lane.id}
            select
            size="small"
            label={t('hardware.laneArrays.lane', {
              name: lane.name,
              direction: lane.direction ?? '',
              number: index + 1,
            })}
            value={current(lane.id)?.device_array_id ?? ''}
            disabled={!canEdit || create.isPending || end.isPending}
            onChange={(event) => void choose(lane.id, event.target.value)}
          >
            <MenuItem value="">{t('hardware.laneArrays.none')}</MenuItem>
            {arrays.data.map((array) => (
              <MenuItem key={array.id} value={array.id}>
                {array.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
      {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
    </Stack>
  );
}
