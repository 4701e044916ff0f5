import type { DirectionColumns, SiteDetail } from './api/siteDetailApi.ts';
import { speedIn, type Units } from './siteDetailFilters.ts';

/** ECharts options as plain data: what each chart of the page draws, or null for no data. */
export type ChartOption = Record<string, unknown>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Up to this many bins a volume chart draws bars; beyond, a line. */
export const MOST_BARS = 120;
const PALETTE = ['#005bbd', '#e6550d', '#31a354', '#756bb1', '#636363', '#d6616b'];
const grid = { left: 56, right: 24, top: 48, bottom: 56, containLabel: false };

/** Each direction's columns, by direction code. */
function directionsOf(detail: SiteDetail): [string, DirectionColumns][] {
  return Object.entries(detail.bins.directions).sort(([a], [b]) => Number(a) - Number(b));
}

const directionName = (t: Translate, direction: string | number) =>
  t(`siteDetail.directions.${direction}`);

/**
 * Issue 37: a line without markers draws nothing for a point with no neighbour (a single bin,
 * or a value between two gaps): those points, and only those, get a marker.
 */
export function isolatedPointMarkers(values: readonly (number | null)[]) {
  const isolated = new Set<number>();
  values.forEach((value, index) => {
    if (value === null) return;
    const before = index > 0 ? values[index - 1] : null;
    const after = index < values.length - 1 ? values[index + 1] : null;
    if ((before ?? null) === null && (after ?? null) === null) isolated.add(index);
  });
  if (isolated.size === 0) return { showSymbol: false };
  return {
    showSymbol: true,
    symbol: 'circle',
    symbolSize: (_value: unknown, params: { dataIndex: number }) =>
      isolated.has(params.dataIndex) ? 8 : 0,
  };
}

function timeSeries(
  detail: SiteDetail,
  t: Translate,
  column: (figures: DirectionColumns) => (number | null)[],
  type: 'line' | 'bar',
  unit: string,
): ChartOption | null {
  const { starts } = detail.bins;
  if (starts.length === 0) return null;
  return {
    color: PALETTE,
    grid,
    tooltip: { trigger: 'axis' },
    legend: { top: 8 },
    xAxis: {
      type: 'category',
      data: starts.map((start) => start.replace('T', ' ').slice(0, 16)),
    },
    yAxis: { type: 'value', name: unit, nameLocation: 'end' },
    dataZoom:
      starts.length > 60 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
    series: directionsOf(detail).map(([direction, figures]) => {
      const values = column(figures);
      // Bars read well up to a few months of bins; beyond, stacked areas with the zoom.
      const asLine = type === 'bar' && starts.length > MOST_BARS;
      return {
        name: directionName(t, direction),
        type: asLine ? 'line' : type,
        ...(asLine ? { areaStyle: { opacity: 0.35 } } : {}),
        stack: type === 'bar' ? 'volume' : undefined,
        ...(type === 'line' || asLine ? isolatedPointMarkers(values) : { showSymbol: false }),
        connectNulls: false,
        data: values.map((figure) => (figure === null ? null : Math.round(figure * 10) / 10)),
      };
    }),
  };
}

export function volumeOption(detail: SiteDetail, t: Translate): ChartOption | null {
  return timeSeries(
    detail,
    t,
    (figures) => figures.vehicles,
    'bar',
    t('siteDetail.units.vehicles'),
  );
}

export function speedOption(
  detail: SiteDetail,
  t: Translate,
  units: Units,
  figure: 'averageSpeedMps' | 'speed85thMps',
): ChartOption | null {
  const unit = t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph');
  return timeSeries(
    detail,
    t,
    (figures) => figures[figure].map((speed) => (speed === null ? null : speedIn(units, speed))),
    'line',
    unit,
  );
}

export function speedingOption(detail: SiteDetail, t: Translate): ChartOption | null {
  const any = directionsOf(detail).some(([, figures]) =>
    figures.speedingPercent.some((percent) => percent !== null),
  );
  if (!any) return null;
  return timeSeries(detail, t, (figures) => figures.speedingPercent, 'line', '%');
}

export function speedByClassOption(
  detail: SiteDetail,
  t: Translate,
  units: Units,
  className: (index: number) => string,
): ChartOption | null {
  const bins = detail.speedByClass.bins;
  if (bins.length === 0) return null;
  const classes = [
    ...new Set(bins.flatMap((bin) => bin.counts.map((count) => count.classIndex))),
  ].sort((a, b) => a - b);
  return {
    grid,
    tooltip: { trigger: 'axis' },
    legend: { top: 8, type: 'scroll' },
    xAxis: {
      type: 'category',
      name: t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph'),
      nameLocation: 'middle',
      nameGap: 30,
      data: bins.map((bin) => Math.round(speedIn(units, bin.fromMps))),
    },
    yAxis: { type: 'value', name: t('siteDetail.units.vehicles') },
    series: classes.map((classIndex) => ({
      name: className(classIndex),
      type: 'bar',
      stack: 'classes',
      data: bins.map(
        (bin) => bin.counts.find((count) => count.classIndex === classIndex)?.vehicles ?? 0,
      ),
    })),
  };
}

export function headwayGapOption(detail: SiteDetail, t: Translate): ChartOption | null {
  if (!detail.headwayPercentiles && !detail.gapPercentiles) return null;
  const percentiles = (detail.headwayPercentiles ?? detail.gapPercentiles ?? []).map(
    (entry) => entry.percentile,
  );
  const values = (source: SiteDetail['headwayPercentiles']) =>
    percentiles.map((percentile) => {
      const value = source?.find((entry) => entry.percentile === percentile)?.value;
      return value === undefined ? null : Math.round(value * 100) / 100;
    });
  return {
    color: PALETTE,
    grid,
    tooltip: { trigger: 'axis' },
    legend: { top: 8 },
    xAxis: {
      type: 'category',
      data: percentiles.map((percentile) =>
        t('siteDetail.charts.percentile', { value: percentile }),
      ),
    },
    yAxis: { type: 'value', name: t('siteDetail.units.seconds') },
    series: [
      {
        name: t('siteDetail.charts.headway'),
        type: 'bar',
        data: values(detail.headwayPercentiles),
      },
      { name: t('siteDetail.charts.gap'), type: 'bar', data: values(detail.gapPercentiles) },
    ],
  };
}

export function matrixOption(detail: SiteDetail, t: Translate): ChartOption | null {
  const { edgesS, counts } = detail.headwayGapMatrix;
  const cells = counts.flatMap((row, headway) => row.map((count, gap) => [gap, headway, count]));
  const highest = Math.max(0, ...cells.map((cell) => cell[2] ?? 0));
  if (highest === 0) return null;
  const labels = edgesS.map((edge, index) =>
    index === edgesS.length - 1 ? `${edge}+` : `${edge}–${edgesS[index + 1]}`,
  );
  return {
    grid: { ...grid, bottom: 90 },
    tooltip: { position: 'top' },
    xAxis: {
      type: 'category',
      data: labels,
      name: t('siteDetail.charts.gapSeconds'),
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: { type: 'category', data: labels, name: t('siteDetail.charts.headwaySeconds') },
    visualMap: {
      min: 0,
      max: highest,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      inRange: { color: ['#f7fbff', '#6baed6', '#08306b'] },
    },
    series: [{ type: 'heatmap', data: cells, label: { show: true, fontSize: 10 } }],
  };
}

/** A direction's average vehicles per hour or weekday; null where it had no whole day. */
interface DirectionProfile {
  direction: number;
  vehicles: (number | null)[];
}

function profileOption(
  profile: DirectionProfile[],
  t: Translate,
  labels: string[],
  type: 'line' | 'bar',
): ChartOption | null {
  const directions = [...profile].sort((a, b) => a.direction - b.direction);
  if (directions.every((entry) => entry.vehicles.every((value) => !value))) return null;
  return {
    color: PALETTE,
    grid,
    tooltip: {
      trigger: 'axis',
      // Kept inside the chart: on a phone it would run off the screen's edge.
      confine: true,
      valueFormatter: (value: unknown) =>
        typeof value === 'number' ? String(value) : t('siteDetail.charts.noWholeDay'),
    },
    legend: { top: 8 },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', name: t('siteDetail.units.vehicles') },
    series: directions.map((entry) => ({
      name: directionName(t, entry.direction),
      type,
      smooth: type === 'line',
      data: entry.vehicles.map((value) => (value === null ? null : Math.round(value * 10) / 10)),
    })),
  };
}

export function virtualDayOption(detail: SiteDetail, t: Translate): ChartOption | null {
  return profileOption(
    detail.virtualDay,
    t,
    Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`),
    'line',
  );
}

export function virtualWeekOption(detail: SiteDetail, t: Translate): ChartOption | null {
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) =>
    t(`siteDetail.weekdays.${day}`),
  );
  return profileOption(detail.virtualWeek, t, days, 'bar');
}
