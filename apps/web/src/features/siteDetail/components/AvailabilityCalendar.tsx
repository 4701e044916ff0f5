import { useMediaQuery, useTheme } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBadDataPeriods } from '../api/badDataApi.ts';
import { periodDays, type ShadedDay } from '../periodDays.ts';
import { useSiteAvailability } from '../api/availabilityApi.ts';
import type { ChartOption } from '../chartOptions.ts';
import { Chart } from './Chart.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface AvailabilityData {
  days: { day: string; volume: number }[];
  missing_days: string[];
}

/** The shade of a day a bad-data period touches, by the period's state (issue 25). */
export const SHADE_COLOURS: Record<ShadedDay['state'], string> = {
  flagged: 'rgba(255, 152, 0, 0.85)',
  excluded: 'rgba(97, 97, 97, 0.85)',
  real_zero: 'rgba(123, 31, 162, 0.85)',
  kept: 'rgba(0, 0, 0, 0)',
};

/**
 * A calendar heat map per year of the site's history: each day coloured by its volume, the days
 * without data between the first and the last in red, and the days of bad-data periods shaded
 * by a mark in their cell (flagged, excluded or real zero).
 */
export function availabilityOption(
  data: AvailabilityData,
  t: Translate,
  locale: string,
  narrow: boolean,
  shaded: readonly ShadedDay[] = [],
): ChartOption | null {
  if (data.days.length === 0) return null;
  const years = [
    ...new Set(
      [...data.days, ...data.missing_days.map((day) => ({ day }))].map(({ day }) =>
        day.slice(0, 4),
      ),
    ),
  ].sort();
  const cell = narrow ? 13 : 15;
  const yearHeight = cell * 7 + 36;
  const max = Math.max(...data.days.map((day) => day.volume));
  const number = (value: number) => value.toLocaleString(locale);
  // The legend fits a phone's width in compact figures (2.4K).
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const short = (value: number) => (narrow ? compact.format(value) : number(value));
  // Each year's calendar spans the months that have data (whole years only when they all do).
  const allDays = [...data.days.map(({ day }) => day), ...data.missing_days].sort();
  const firstMonth = `${(allDays[0] as string).slice(0, 7)}-01`;
  const lastMonth = monthEnd((allDays.at(-1) as string).slice(0, 7));
  const ranges = years.map((year): [string, string] => [
    firstMonth > `${year}-01-01` ? firstMonth : `${year}-01-01`,
    lastMonth < `${year}-12-31` ? lastMonth : `${year}-12-31`,
  ]);
  // Four equal steps of volume, and the days without data in red.
  const step = Math.max(1, Math.ceil(max / 4));
  const blues = ['#c6dbef', '#6baed6', '#2171b5', '#08306b'];
  return {
    tooltip: {
      formatter: (params: unknown) => {
        const { data: item, seriesType } = params as {
          data: [string, number | string];
          seriesType: string;
        };
        if (seriesType === 'scatter')
          return t('badData.calendarTooltip', {
            day: item[0],
            state: t(`badData.state.${String(item[1])}`),
          });
        const [day, volume] = item as [string, number];
        return volume > 0
          ? t('availability.tooltip', { day, volume: number(volume) })
          : t('availability.missingTooltip', { day });
      },
    },
    visualMap: {
      type: 'piecewise',
      // The volume heat maps only: the bad-data marks keep their own colours.
      seriesIndex: years.map((_year, index) => index),
      orient: 'horizontal',
      left: narrow ? 0 : 'center',
      bottom: 0,
      itemWidth: narrow ? 10 : 14,
      itemHeight: 10,
      itemGap: narrow ? 4 : 10,
      textStyle: { fontSize: narrow ? 9 : 11 },
      pieces: [
        { value: 0, color: '#e57373', label: t('availability.noData') },
        ...blues.map((color, index) => ({
          min: index * step + 1,
          max: (index + 1) * step,
          color,
          label: `${short(index * step + 1)}–${short((index + 1) * step)}`,
        })),
      ],
    },
    calendar: ranges.map((range, index) => ({
      range,
      // Square cells where the weeks fit, narrower where a long span must.
      cellSize: [
        Math.max(
          4,
          Math.min(cell, Math.floor((narrow ? 250 : 1000) / weeksBetween(range[0], range[1]))),
        ),
        cell,
      ],
      top: 28 + index * yearHeight,
      left: narrow ? 44 : 64,
      orient: 'horizontal',
      yearLabel: { show: true, position: 'left', margin: narrow ? 26 : 36, fontSize: 12 },
      monthLabel: { nameMap: monthNames(locale), fontSize: 10 },
      dayLabel: { firstDay: 1, nameMap: weekdayInitials(locale), fontSize: 9 },
      splitLine: { lineStyle: { color: '#9e9e9e', width: 1 } },
      itemStyle: { borderColor: '#ffffff', borderWidth: 1, color: '#f5f5f5' },
    })),
    series: [
      ...years.map((year, index) => ({
        type: 'heatmap',
        coordinateSystem: 'calendar',
        calendarIndex: index,
        data: [
          ...data.days
            .filter(({ day }) => day.startsWith(year))
            .map(({ day, volume }) => [day, volume]),
          ...data.missing_days.filter((day) => day.startsWith(year)).map((day) => [day, 0]),
        ],
      })),
      ...years.map((year, index) => ({
        type: 'scatter',
        name: t('badData.title'),
        coordinateSystem: 'calendar',
        calendarIndex: index,
        // A diamond in the cell: the day's volume colour stays readable around it.
        symbol: 'diamond',
        symbolSize: Math.round(cell * 0.7),
        data: shaded
          .filter(({ day }) => day.startsWith(year))
          .map(({ day, state }) => ({
            value: [day, state],
            itemStyle: { color: SHADE_COLOURS[state], borderColor: '#ffffff', borderWidth: 1 },
          })),
      })),
    ],
  };
}

/** Calendar columns (weeks, Monday first) a range of days spans. */
function weeksBetween(from: string, to: string): number {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return Math.ceil((days + 7) / 7) + 1;
}

/** The last day of a month `YYYY-MM`. */
function monthEnd(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2024, month, 1)));
}

/** Sunday first, as ECharts lists the day labels. */
function weekdayInitials(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  // 7 January 2024 was a Sunday.
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2024, 0, 7 + day)));
}

/** The chart's height for the years the data spans. */
export function availabilityHeight(data: AvailabilityData | undefined, narrow: boolean): number {
  const years = new Set(
    [...(data?.days ?? []).map(({ day }) => day), ...(data?.missing_days ?? [])].map((day) =>
      day.slice(0, 4),
    ),
  ).size;
  return 28 + Math.max(1, years) * ((narrow ? 13 : 15) * 7 + 36) + 44;
}

/**
 * SPEC: availability over the site's whole history. Clicking a day shows that day; shift-click
 * another to show the days between.
 */
export function AvailabilityCalendar(props: {
  siteId: string;
  /** The site's time zone, in which bad-data periods fall on its local days. */
  timeZone: string;
  onPickDays: (from: string, to: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const narrow = !useMediaQuery(theme.breakpoints.up('sm'));
  const availability = useSiteAvailability(props.siteId);
  const periods = useBadDataPeriods(props.siteId);
  const [anchor, setAnchor] = useState<string | null>(null);
  const data = availability.data;
  const shaded = useMemo(
    () => periodDays(periods.data ?? [], props.timeZone),
    [periods.data, props.timeZone],
  );
  const option = useMemo(
    () => (data ? availabilityOption(data, t, i18n.language, narrow, shaded) : null),
    [data, t, i18n.language, narrow, shaded],
  );
  const summary = data
    ? t('availability.summary', {
        count: data.days.length,
        missing: data.missing_days.length,
        first: data.first_day ?? '',
        last: data.last_day ?? '',
      })
    : undefined;
  return (
    <div data-testid="availability">
      <Chart
        title={t('availability.title')}
        caption={
          summary
            ? `${summary} ${t('availability.hint')}${shaded.length > 0 ? ` ${t('badData.calendarKey')}` : ''}`
            : undefined
        }
        option={option}
        height={availabilityHeight(data, narrow)}
        onItemClick={(item, event) => {
          // A heat map cell is [day, volume]; a bad-data mark is { value: [day, state] }.
          const value = Array.isArray(item) ? item : (item as { value?: unknown } | null)?.value;
          const day = Array.isArray(value) ? String(value[0]) : null;
          if (!day) return;
          if (event.shiftKey && anchor) {
            const [from, to] = anchor <= day ? [anchor, day] : [day, anchor];
            props.onPickDays(from, to);
            setAnchor(null);
          } else {
            props.onPickDays(day, day);
            setAnchor(day);
          }
        }}
      />
    </div>
  );
}
