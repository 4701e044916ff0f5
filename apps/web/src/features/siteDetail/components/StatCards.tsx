import { Grid, Paper, Stack, Typography } from '@mui/material';
import { aadtLabel, aadtLabelText, type SiteAadtFacts } from '@roadcount/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionLink } from '@/ui/DefinitionLink.tsx';
import { useSiteAadt } from '../api/siteAadtApi.ts';
import type { SiteDetail } from '../api/siteDetailApi.ts';
import { speedIn, type Units } from '../siteDetailFilters.ts';

interface Props {
  siteId: string;
  summary: SiteDetail['summary'];
  units: Units;
  /** A card's "How was this made?" button (issue 36), given its key and its name. */
  explain?: (figure: string, label: string) => ReactNode;
}

type SiteAadt = NonNullable<ReturnType<typeof useSiteAadt>['data']>;

/**
 * The AADT card (issue 25), as every report labels it (`aadtLabel`): a short count's AADT is its
 * ADT adjusted by its factor group's factors, or its ADT labelled unadjusted; a continuous site
 * (or while the method is not yet known) shows the AASHTO AADT of the page's days.
 */
function aadtCard(
  summary: SiteDetail['summary'],
  siteAadt: SiteAadt | undefined,
  language: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): { value: number | null; note: string } {
  const label = aadtLabel(
    siteAadt && {
      method: siteAadt.method as SiteAadtFacts['method'],
      reason: siteAadt.reason ?? null,
      groupName: siteAadt.group_name ?? null,
      adt: siteAadt.adt ?? null,
      aadt: siteAadt.aadt ?? null,
      monthlyFactor: siteAadt.monthly_factor ?? null,
      dayOfWeekFactor: siteAadt.day_of_week_factor ?? null,
    },
    summary,
  );
  return { value: label.value, note: aadtLabelText(label, language, t).note };
}

/** The summary statistics as cards: volumes, speeds, peaks and commercial vehicles. */
export function StatCards({ siteId, summary, units, explain }: Props) {
  const { t, i18n } = useTranslation();
  const siteAadt = useSiteAadt(siteId);
  const none = t('siteDetail.none');
  const number = (value: number | null, digits = 0) =>
    value === null ? none : value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const aadt = aadtCard(summary, siteAadt.data, i18n.language, t);
  const speed = (value: number | null) =>
    value === null
      ? none
      : `${number(speedIn(units, value), 1)} ${t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph')}`;
  const peak = (value: SiteDetail['summary']['amPeak']) =>
    value === null
      ? none
      : t('siteDetail.cards.peakValue', {
          hour: `${String(value.hour).padStart(2, '0')}:00`,
          vehicles: number(value.vehicles),
        });
  const cards: { key: string; value: string; note?: string }[] = [
    { key: 'adt', value: number(summary.adt) },
    { key: 'awdt', value: number(summary.awdt) },
    { key: 'awedt', value: number(summary.awedt) },
    { key: 'aadt', value: number(aadt.value), ...(aadt.note ? { note: aadt.note } : {}) },
    { key: 'averageSpeed', value: speed(summary.averageSpeedMps) },
    { key: 'speed85', value: speed(summary.speed85thMps) },
    { key: 'amPeak', value: peak(summary.amPeak) },
    { key: 'pmPeak', value: peak(summary.pmPeak) },
    { key: 'totalCommercial', value: number(summary.totalCommercial) },
    {
      key: 'percentCommercial',
      value:
        summary.percentCommercial === null ? none : `${number(summary.percentCommercial, 1)} %`,
    },
  ];
  return (
    <Grid container spacing={1.5}>
      {cards.map((card) => (
        <Grid key={card.key} size={{ xs: 6, sm: 4, md: 2.4 }}>
          <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }} data-card={card.key}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {t(`siteDetail.cards.${card.key}`)}
              </Typography>
              <span>
                {explain?.(card.key, t(`siteDetail.cards.${card.key}`))}
                <DefinitionLink figure={card.key} label={t(`siteDetail.cards.${card.key}`)} />
              </span>
            </Stack>
            <Typography variant="h6" component="p" data-value>
              {card.value}
            </Typography>
            {card.note && (
              <Typography variant="caption" color="warning.main">
                {card.note}
              </Typography>
            )}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
