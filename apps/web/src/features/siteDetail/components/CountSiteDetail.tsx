import { Alert, Grid, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  useCountSummary,
  type CountFigures,
  type CountMode,
  type CountSummary,
} from '../api/countSummaryApi.ts';
import type { FilterPayload } from '../api/siteDetailApi.ts';
import { MOST_BARS, type ChartOption } from '../chartOptions.ts';
import { DefinitionLink } from '@/ui/DefinitionLink.tsx';
import { Chart } from './Chart.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const PALETTE: Record<CountMode, string[]> = {
  bike: ['#31a354', '#a1d99b', '#006d2c'],
  pedestrian: ['#756bb1', '#bcbddc', '#54278f'],
  vehicle: ['#005bbd', '#9ecae1', '#08519c'],
};
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
/** The glossary term of each card (Definitions). */
const CARD_TERMS: Record<string, string> = {
  total: 'countVolumes',
  amPeak: 'peakHour',
  pmPeak: 'peakHour',
  split: 'direction',
};

const modeDirections = (summary: CountSummary, mode: CountMode) =>
  [
    ...new Set(
      summary.bins.flatMap((bin) => (bin.counts[mode] ?? []).map((entry) => entry.direction)),
    ),
  ]
    .sort((a, b) => a - b)
    .map(String);

/** A mode's series name: the mode and its direction, or the mode alone when it has no direction. */
function seriesName(t: Translate, mode: CountMode, direction: string, directions: string[]) {
  const modeName = t(`countVolumes.modes.${mode}`);
  return directions.length === 1 && direction === '0'
    ? modeName
    : t('countVolumes.series', {
        mode: modeName,
        direction: t(`siteDetail.directions.${direction}`),
      });
}

/** One mode's counts per bin and direction: bars up to a few months of bins, a line beyond. */
export function modeVolumesOption(
  summary: CountSummary,
  mode: CountMode,
  t: Translate,
): ChartOption | null {
  const bins = summary.bins.filter((bin) => bin.counts[mode]);
  if (bins.length === 0) return null;
  const directions = modeDirections(summary, mode);
  const asBars = summary.bins.length <= MOST_BARS;
  return {
    color: PALETTE[mode],
    grid: { left: 56, right: 24, top: 48, bottom: 56 },
    tooltip: { trigger: 'axis' },
    legend: { top: 8 },
    xAxis: {
      type: 'category',
      data: summary.bins.map((bin) => bin.start.replace('T', ' ').slice(0, 16)),
    },
    yAxis: { type: 'value', name: t('countSite.unit'), nameLocation: 'end' },
    dataZoom:
      summary.bins.length > 60
        ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }]
        : [],
    series: directions.map((direction) => ({
      name: seriesName(t, mode, direction, directions),
      type: asBars ? 'bar' : 'line',
      stack: mode,
      showSymbol: false,
      ...(asBars ? {} : { areaStyle: { opacity: 0.25 } }),
      data: summary.bins.map(
        (bin) =>
          bin.counts[mode]?.find((entry) => String(entry.direction) === direction)?.count ?? 0,
      ),
    })),
  };
}

/** The average count per local hour (the hourly profile), one line per mode. */
export function countVirtualDayOption(summary: CountSummary, t: Translate): ChartOption | null {
  const modes = summary.modes.filter((mode) => summary.virtualDay[mode]);
  if (modes.length === 0 || summary.wholeDays === 0) return null;
  return {
    color: modes.map((mode) => PALETTE[mode][0]),
    grid: { left: 56, right: 24, top: 48, bottom: 40 },
    tooltip: { trigger: 'axis' },
    legend: { top: 8 },
    xAxis: {
      type: 'category',
      data: Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`),
    },
    yAxis: { type: 'value', name: t('countSite.perHour'), nameLocation: 'end' },
    series: modes.map((mode) => ({
      name: t(`countVolumes.modes.${mode}`),
      type: 'line',
      smooth: true,
      data: (summary.virtualDay[mode] ?? []).map((value) => Math.round(value * 10) / 10),
    })),
  };
}

/** The average count per weekday, Monday first, bars per mode. */
export function countVirtualWeekOption(
  summary: CountSummary,
  t: Translate,
  locale: string,
): ChartOption | null {
  const modes = summary.modes.filter((mode) => summary.virtualWeek[mode]);
  if (modes.length === 0 || summary.wholeDays === 0) return null;
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return {
    color: modes.map((mode) => PALETTE[mode][0]),
    grid: { left: 56, right: 24, top: 48, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      // Kept inside the chart: on a phone it would run off the screen's edge.
      confine: true,
      // A weekday without a whole day is a gap: no data, not a quiet day.
      valueFormatter: (value: unknown) =>
        typeof value === 'number' ? String(value) : t('siteDetail.charts.noWholeDay'),
    },
    legend: { top: 8 },
    // 1 January 2024 was a Monday.
    xAxis: { type: 'category', data: WEEKDAYS.map((day) => format.format(Date.UTC(2024, 0, day))) },
    yAxis: { type: 'value', name: t('countSite.perDay'), nameLocation: 'end' },
    series: modes.map((mode) => ({
      name: t(`countVolumes.modes.${mode}`),
      type: 'bar',
      data: (summary.virtualWeek[mode] ?? []).map((value) =>
        value === null ? null : Math.round(value),
      ),
    })),
  };
}

/** The cards of one mode: daily averages, peak hours and the split by direction. */
function ModeCards(props: {
  mode: CountMode;
  summary: CountSummary;
  figures: CountFigures | null;
}) {
  const { t, i18n } = useTranslation();
  const { mode, summary, figures } = props;
  const none = t('siteDetail.none');
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? none : Math.round(value).toLocaleString(i18n.language);
  const peak = (value: CountFigures['amPeak'] | undefined) =>
    value
      ? t('siteDetail.cards.peakValue', {
          hour: `${String(value.hour).padStart(2, '0')}:00`,
          vehicles: number(value.count),
        })
      : none;
  const total = summary.totals[mode] ?? 0;
  const split = (figures?.directions ?? [])
    .map(
      ({ direction, count }) =>
        `${t(`siteDetail.directions.${direction}`)} ${total === 0 ? 0 : Math.round((count / total) * 100)} %`,
    )
    .join(' · ');
  const cards = [
    { key: 'total', value: total.toLocaleString(i18n.language) },
    { key: 'adt', value: number(summary.dailyAverage[mode]) },
    { key: 'awdt', value: number(figures?.awdt) },
    { key: 'awedt', value: number(figures?.awedt) },
    { key: 'amPeak', value: peak(figures?.amPeak) },
    { key: 'pmPeak', value: peak(figures?.pmPeak) },
    { key: 'split', value: split || none },
  ];
  return (
    <Grid container spacing={1.5} data-mode={mode}>
      {cards.map((card) => (
        <Grid key={card.key} size={{ xs: 6, md: card.key === 'split' ? 4 : 2 }}>
          <Paper
            variant="outlined"
            sx={{ p: 1.5, height: '100%' }}
            data-card={`${mode}-${card.key}`}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="body2" color="text.secondary">
                {t(`countSite.cards.${card.key}`, { mode: t(`countVolumes.modes.${mode}`) })}
              </Typography>
              <DefinitionLink
                figure={CARD_TERMS[card.key] ?? card.key}
                label={t(`countSite.cards.${card.key}`, { mode: t(`countVolumes.modes.${mode}`) })}
              />
            </Stack>
            <Typography
              variant={card.key === 'split' ? 'body1' : 'h6'}
              component="p"
              data-value
              sx={{ fontWeight: card.key === 'split' ? 600 : undefined }}
            >
              {card.value}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * The page of a count site (bike and pedestrian counters): volumes by mode and direction, the
 * hourly and weekly profiles, daily averages, peak hours and the directional split; nothing of
 * speeds, classes or headways, which counts per interval do not have.
 */
export function CountSiteDetail(props: { siteId: string; filter: FilterPayload; minutes: number }) {
  const { t, i18n } = useTranslation();
  const counts = useCountSummary(props.siteId, props.filter, props.minutes);
  const summary = counts.data;
  if (counts.isError) return <Alert severity="error">{counts.error.message}</Alert>;
  if (!summary) return <LinearProgress aria-label={t('siteDetail.loading')} />;
  if (summary.modes.length === 0)
    return <Alert severity="info">{t('countSite.nothingInRange')}</Alert>;
  return (
    <Stack spacing={2} data-testid="count-site">
      <Typography variant="body2" color="text.secondary" data-testid="counted">
        {t('countSite.counted', {
          counts: summary.modes
            .map((mode) =>
              t('countVolumes.total', {
                mode: t(`countVolumes.modes.${mode}`),
                total: (summary.totals[mode] ?? 0).toLocaleString(i18n.language),
              }),
            )
            .join(' · '),
        })}
      </Typography>
      {summary.modes.map((mode) => (
        <ModeCards key={mode} mode={mode} summary={summary} figures={summary.figures[mode]} />
      ))}
      <Grid container spacing={2}>
        {summary.modes.map((mode) => (
          <Grid
            key={mode}
            size={{ xs: 12, lg: summary.modes.length > 1 ? 6 : 12 }}
            data-print-chart
          >
            <Chart
              title={t('countSite.charts.volumes', { mode: t(`countVolumes.modes.${mode}`) })}
              definition="countVolumes"
              option={modeVolumesOption(summary, mode, t)}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, lg: 6 }} data-print-chart>
          <Chart
            title={t('countSite.charts.virtualDay')}
            definition="virtualDay"
            option={countVirtualDayOption(summary, t)}
            emptyText={t('countSite.noWholeDays')}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }} data-print-chart>
          <Chart
            title={t('countSite.charts.virtualWeek')}
            definition="virtualWeek"
            option={countVirtualWeekOption(summary, t, i18n.language)}
            emptyText={t('countSite.noWholeDays')}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
