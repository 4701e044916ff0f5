import {
  Alert,
  Button,
  ButtonGroup,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  BAD_DATA_THRESHOLDS,
  can,
  type BadDataDecision,
  type BadDataState,
} from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/lib/profile.ts';
import {
  useBadDataPeriods,
  useDetectBadDataPeriods,
  useReviewBadDataPeriod,
  type BadDataPeriod,
} from '../api/badDataApi.ts';

interface Props {
  siteId: string;
  /** The site's time zone: periods are shown in its local time. */
  timeZone: string;
}

const STATE_COLOURS: Record<BadDataState, 'warning' | 'success' | 'default' | 'info'> = {
  flagged: 'warning',
  kept: 'success',
  excluded: 'default',
  real_zero: 'info',
};

/** What the rule measured of a period, in a line. */
function useDescription() {
  const { t, i18n } = useTranslation();
  const number = (value: number, digits = 0) =>
    value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  return (period: BadDataPeriod) => {
    const direction =
      period.direction === null ? '' : t(`siteDetail.directions.${period.direction}`);
    switch (period.rule) {
      case 'silent':
        return t('badData.describe.silent', { hours: number(period.value) });
      case 'direction_share':
        return t('badData.describe.directionShare', {
          direction,
          share: number(period.value * 100, 1),
        });
      case 'lane_flow':
        return t('badData.describe.laneFlow', {
          direction,
          lane: period.lane ?? '',
          flow: number(period.value),
        });
    }
  };
}

/** The decisions offered for a period: a real zero only for a silent stretch. */
const decisionsFor = (period: BadDataPeriod): BadDataDecision[] =>
  period.rule === 'silent' ? ['kept', 'excluded', 'real_zero'] : ['kept', 'excluded'];

/**
 * Issue 25: the site's flagged bad-data periods with the rules' thresholds; those who edit the
 * site keep, exclude or mark each a real zero, everyone else sees the decisions.
 */
export function BadDataPeriodsPanel({ siteId, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const periods = useBadDataPeriods(siteId);
  const review = useReviewBadDataPeriod(siteId);
  const detect = useDetectBadDataPeriods(siteId);
  const describe = useDescription();
  const canReview =
    profile.data !== undefined &&
    can(
      {
        role: profile.data.role,
        organisationId: profile.data.organisation_id,
        isDemo: profile.data.is_demo,
      },
      'badData.review',
    );
  const when = new Intl.DateTimeFormat(i18n.language, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const span = (period: BadDataPeriod) =>
    when.formatRange(new Date(period.start_time), new Date(period.end_time));
  const list = periods.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="bad-data-periods">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h6" component="h2">
          {t('badData.title')}
        </Typography>
        {canReview && (
          <Button
            size="small"
            disabled={detect.isPending || detect.isSuccess}
            onClick={() => detect.mutate()}
          >
            {detect.isSuccess ? t('badData.detectQueued') : t('badData.detect')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('badData.rules', {
          hours: BAD_DATA_THRESHOLDS.silentMinHours - 1,
          from: `${String(BAD_DATA_THRESHOLDS.silentFromHour).padStart(2, '0')}:00`,
          to: `${BAD_DATA_THRESHOLDS.silentToHour}:00`,
          share: BAD_DATA_THRESHOLDS.directionMinShare * 100,
          vehicles: BAD_DATA_THRESHOLDS.directionMinDailyVehicles,
          flow: BAD_DATA_THRESHOLDS.laneMaxVehiclesPerHour.toLocaleString(i18n.language),
        })}
      </Typography>
      {periods.isError && <Alert severity="error">{periods.error.message}</Alert>}
      {review.isError && <Alert severity="error">{review.error.message}</Alert>}
      {detect.isError && <Alert severity="error">{detect.error.message}</Alert>}
      {periods.isSuccess && list.length === 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('badData.none')}
        </Typography>
      )}
      <List dense>
        {list.map((period) => (
          <ListItem
            key={period.id}
            divider
            data-testid="bad-data-period"
            sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
          >
            <ListItemText
              sx={{ flex: '1 1 16rem' }}
              primary={`${t(`badData.rule.${period.rule}`)}: ${describe(period)}`}
              secondary={
                period.reviewed_by && period.reviewed_at
                  ? `${span(period)} · ${t('badData.reviewedBy', {
                      name: period.reviewed_by,
                      date: when.format(new Date(period.reviewed_at)),
                    })}`
                  : span(period)
              }
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip
                size="small"
                color={STATE_COLOURS[period.state]}
                label={t(`badData.state.${period.state}`)}
              />
              {canReview && (
                <ButtonGroup size="small" aria-label={t('badData.reviewLabel')}>
                  {decisionsFor(period).map((decision) => (
                    <Button
                      key={decision}
                      variant={period.state === decision ? 'contained' : 'outlined'}
                      disabled={review.isPending || period.state === decision}
                      onClick={() => review.mutate({ id: period.id, decision })}
                    >
                      {t(`badData.decide.${decision}`)}
                    </Button>
                  ))}
                </ButtonGroup>
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
