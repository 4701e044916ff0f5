import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCountSummary, type CountSummary } from '../api/countSummaryApi.ts';
import type { FilterPayload } from '../api/siteDetailApi.ts';
import type { ChartOption } from '../chartOptions.ts';
import { Chart } from './Chart.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;
const PALETTE = ['#31a354', '#a1d99b', '#756bb1', '#bcbddc', '#005bbd', '#9ecae1'];

/** Stacked bars per mode and direction over the bins. */
export function countVolumesOption(summary: CountSummary, t: Translate): ChartOption | null {
  if (summary.bins.length === 0) return null;
  const series = summary.modes.flatMap((mode) =>
    [
      ...new Set(
        summary.bins.flatMap((bin) => (bin.counts[mode] ?? []).map((entry) => entry.direction)),
      ),
    ]
      .sort((a, b) => a - b)
      .map((direction) => ({
        name: t('countVolumes.series', {
          mode: t(`countVolumes.modes.${mode}`),
          direction: t(`siteDetail.directions.${direction}`),
        }),
        type: 'bar',
        stack: mode,
        data: summary.bins.map(
          (bin) => bin.counts[mode]?.find((entry) => entry.direction === direction)?.count ?? 0,
        ),
      })),
  );
  return {
    color: PALETTE,
    grid: { left: 56, right: 24, top: 48, bottom: 56 },
    tooltip: { trigger: 'axis' },
    legend: { top: 8 },
    xAxis: {
      type: 'category',
      data: summary.bins.map((bin) => bin.start.replace('T', ' ').slice(0, 16)),
    },
    yAxis: { type: 'value', name: t('countVolumes.unit'), nameLocation: 'end' },
    dataZoom:
      summary.bins.length > 60
        ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }]
        : [],
    series,
  };
}

/**
 * Pedestrian and bike volumes from the site's interval counters; shown only for a site that has
 * such counts.
 */
export function CountVolumesChart(props: {
  siteId: string;
  filter: FilterPayload;
  minutes: number;
}) {
  const { t, i18n } = useTranslation();
  const counts = useCountSummary(props.siteId, props.filter, props.minutes);
  const summary = counts.data;
  if (!summary || summary.modes.length === 0) return null;
  return (
    <div data-testid="count-volumes">
      <Chart
        title={t('countVolumes.title')}
        option={countVolumesOption(summary, t)}
        definition="countVolumes"
      />
      {summary.modes.map((mode) => {
        const average = summary.dailyAverage[mode];
        return (
          <Typography key={mode} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('countVolumes.total', {
              mode: t(`countVolumes.modes.${mode}`),
              total: (summary.totals[mode] ?? 0).toLocaleString(i18n.language),
            })}
            {average !== null && average !== undefined
              ? ` · ${t('countVolumes.dailyAverage', {
                  average: Math.round(average).toLocaleString(i18n.language),
                })}`
              : ''}
          </Typography>
        );
      })}
    </div>
  );
}
