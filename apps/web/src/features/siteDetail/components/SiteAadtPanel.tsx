import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DefinitionLink } from '@/ui/DefinitionLink.tsx';
import { useSiteAadt } from '../api/siteAadtApi.ts';
import { monthName } from '@/lib/monthNames.ts';

interface Props {
  siteId: string;
  /** Calendar months (0–11) a continuous site's AADT averaged over fewer than 7 weekdays. */
  monthsMissingWeekdays: number[];
  /** The page's AASHTO AADT of a continuous site. */
  aashtoAadt: number | null;
}

/**
 * The site's AADT and how it was found (issue 25): a short count's ADT adjusted by its factor
 * group's monthly and day-of-week factors, with the error estimate; or labelled unadjusted; or
 * a continuous site's AASHTO AADT with the variant used.
 */
export function SiteAadtPanel({ siteId, monthsMissingWeekdays, aashtoAadt }: Props) {
  const { t, i18n } = useTranslation();
  const aadt = useSiteAadt(siteId);
  const number = (value: number | null | undefined, digits = 0) =>
    value === null || value === undefined
      ? t('siteDetail.none')
      : value.toLocaleString(i18n.language, {
          maximumFractionDigits: digits,
          minimumFractionDigits: digits,
        });
  if (aadt.isError) return <Alert severity="error">{aadt.error.message}</Alert>;
  const data = aadt.data;
  if (!data) return null;
  const heading =
    data.method === 'factored'
      ? t('engineering.aadt.factoredTitle')
      : data.method === 'aashto'
        ? t('engineering.aadt.aashtoTitle')
        : t('engineering.aadt.unadjustedTitle');
  const value = data.method === 'aashto' ? aashtoAadt : data.aadt;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="site-aadt" data-method={data.method}>
      <Stack spacing={0.75}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          <Typography variant="caption" color="text.secondary" component="h2">
            {heading}
          </Typography>
          <DefinitionLink figure="adjustedAadt" label={heading} />
        </Stack>
        <Typography variant="h5" component="p" data-value>
          {number(value)}
        </Typography>
        {data.method === 'factored' && (
          <>
            <Typography variant="body2" data-testid="aadt-working">
              {t('engineering.aadt.working', {
                adt: number(data.adt),
                days: data.whole_days,
                monthly: number(data.monthly_factor, 3),
                months: data.months.map((month) => monthName(month, i18n.language)).join(', '),
                dayOfWeek: number(data.day_of_week_factor, 3),
                aadt: number(data.aadt),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('engineering.aadt.group', { group: data.group_name ?? '' })}{' '}
              <RouterLink to="/ui/insights/factor-groups">
                {t('engineering.aadt.seeFactors')}
              </RouterLink>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {data.error_percent === null || data.error_percent === undefined
                ? t('engineering.aadt.noError')
                : t('engineering.aadt.error', {
                    error: number(data.error_percent, 1),
                    samples: data.error_samples,
                    days: data.whole_days,
                  })}
            </Typography>
          </>
        )}
        {data.method === 'unadjusted' && (
          <Typography variant="body2" color="warning.main">
            {t(
              data.reason === 'noFactors'
                ? 'engineering.aadt.noFactors'
                : 'engineering.aadt.noGroup',
              { group: data.group_name ?? '', adt: number(data.adt) },
            )}
          </Typography>
        )}
        {data.method === 'aashto' && (
          <Typography variant="body2" color="text.secondary">
            {monthsMissingWeekdays.length === 0
              ? t('engineering.aadt.aashtoFull')
              : t('engineering.aadt.aashtoPartial', {
                  months: monthsMissingWeekdays
                    .map((month) => monthName(month, i18n.language))
                    .join(', '),
                })}
            {data.group_name
              ? ` ${t('engineering.aadt.givesFactors', { group: data.group_name })}`
              : ''}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
