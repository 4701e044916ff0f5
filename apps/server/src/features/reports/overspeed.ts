import type { Viewer } from '../../infra/auth/viewer.ts';
import { XLSX_STYLE, xlsxBytes, type XlsxCell } from '../../infra/xlsx/xlsxStream.ts';
import { LocalTimeConverter } from '@roadcount/formats';
import type { ReportParameters } from '@roadcount/domain';
import type { SiteDetailSource } from './siteDetailSource.ts';
import {
  SPEED_UNITS,
  speedIn,
  WEEKDAYS,
  type ReportContext,
  type SiteFigures,
} from './reportFigures.ts';
import { settingsRows } from './standardWorkbook.ts';

/** Vehicles in one local hour, and those above the limit and above it by each step. */
interface HourCount {
  /** Local start, e.g. 2025-06-02T08:00:00. */
  start: string;
  vehicles: number;
  above: [number, number, number];
}

/** A site's overspeed figures: its hourly counts over the period, and the limits that applied. */
export interface SiteOverspeed {
  figures: SiteFigures;
  hours: HourCount[];
  limitsMps: number[];
  stepsMps: [number, number];
}

/** The steps over the limit: 10 and 20 in the report's unit (km/h or mph). */
export const overspeedSteps = (units: 'metric' | 'imperial'): [number, number] => {
  const perUnit = 1 / SPEED_UNITS[units].factor;
  return [10 * perUnit, 20 * perUnit];
};

/**
 * Reads a site's overspeed figures through the site-detail kernel: the hourly bins of the
 * filter (vehicles, and the share above the limit in force), then, for each stretch of the
 * period under one limit, the hourly vehicles above the limit plus each step (the same filter
 * with its minimum speed raised there).
 */
export async function readOverspeed(
  siteDetail: SiteDetailSource,
  viewer: Viewer,
  siteId: string,
  limits: { effectiveFrom: string; limitMps: number }[],
  parameters: ReportParameters,
): Promise<SiteOverspeed> {
  const base = { ...parameters.filter, start_time: parameters.start, end_time: parameters.end };
  const figures = await siteDetail(viewer, {
    siteId,
    payload: base,
    aggregationMinutes: 60,
  });
  const byStart = new Map<string, HourCount>();
  figures.bins.starts.forEach((start, at) => {
    const hour: HourCount = { start, vehicles: 0, above: [0, 0, 0] };
    for (const columns of Object.values(figures.bins.directions)) {
      const vehicles = columns.vehicles[at] ?? 0;
      hour.vehicles += vehicles;
      // The bin's share above the limit, of its vehicles: back to a count.
      hour.above[0] += Math.round((vehicles * (columns.speedingPercent[at] ?? 0)) / 100);
    }
    byStart.set(start, hour);
  });

  const clock = new LocalTimeConverter(figures.time_zone);
  const startMs = Date.parse(parameters.start);
  const endMs = Date.parse(parameters.end);
  const stretches = limits
    .map((limit, index) => {
      const [year = 1970, month = 1, day = 1] = limit.effectiveFrom.split('-').map(Number);
      const next = limits[index + 1];
      const [nextYear = 9999, nextMonth = 1, nextDay = 1] = next
        ? next.effectiveFrom.split('-').map(Number)
        : [];
      return {
        limitMps: limit.limitMps,
        fromMs: Math.max(startMs, clock.toUtcMs(year, month, day, 0, 0, 0, 0)),
        toMs: Math.min(
          endMs,
          next ? clock.toUtcMs(nextYear, nextMonth, nextDay, 0, 0, 0, 0) : Number.POSITIVE_INFINITY,
        ),
      };
    })
    .filter((stretch) => stretch.fromMs < stretch.toMs);
  const steps = overspeedSteps(parameters.units);
  for (const stretch of stretches)
    for (const [index, step] of steps.entries()) {
      const raised = await siteDetail(viewer, {
        siteId,
        payload: {
          ...base,
          start_time: new Date(stretch.fromMs).toISOString(),
          end_time: new Date(stretch.toMs).toISOString(),
          velocity_min: Math.max(base.velocity_min ?? 0, stretch.limitMps + step),
        },
        aggregationMinutes: 60,
        parts: ['bins'],
      });
      raised.bins.starts.forEach((start, at) => {
        const hour = byStart.get(start);
        if (!hour) return;
        const slot = index === 0 ? 1 : 2;
        for (const columns of Object.values(raised.bins.directions))
          hour.above[slot] += columns.vehicles[at] ?? 0;
      });
    }
  return {
    figures,
    hours: [...byStart.values()],
    limitsMps: stretches.map((stretch) => stretch.limitMps),
    stepsMps: steps,
  };
}

/** Monday 0 to Sunday 6 of a local ISO date. */
const weekdayOf = (start: string) => {
  const [year = 1970, month = 1, day = 1] = start.slice(0, 10).split('-').map(Number);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
};

interface Tally {
  vehicles: number;
  above: [number, number, number];
}
const tally = (): Tally => ({ vehicles: 0, above: [0, 0, 0] });
const add = (into: Tally, hour: HourCount) => {
  into.vehicles += hour.vehicles;
  into.above[0] += hour.above[0];
  into.above[1] += hour.above[1];
  into.above[2] += hour.above[2];
};
const share = (count: number, of: number) => (of === 0 ? null : (count / of) * 100);

/** The fewest vehicles an hour of the week needs to be ranked among the worst. */
const WORST_MIN_VEHICLES = 20;

/**
 * The overspeed report (SPEC section 9): per site, vehicles and shares above the limit and
 * above it by 10 and 20 (km/h or mph), by hour of day and by day of week, and the worst hours
 * of the week by share above the limit.
 */
export async function overspeedWorkbook(
  sites: readonly SiteOverspeed[],
  context: ReportContext,
  sheetNames: string[],
): Promise<Buffer> {
  const { units } = context.parameters;
  const unit = SPEED_UNITS[units].label;
  const { BOLD, TITLE } = XLSX_STYLE;
  return xlsxBytes(
    { creator: `Roadcount ${context.softwareVersion}`, created: context.generatedAt },
    async (workbook) => {
      const cover = workbook.addSheet('Report', [32, 70]);
      cover.addRow(['Roadcount overspeed report'], TITLE);
      cover.addRow([]);
      const boldFirst = (cells: XlsxCell[]) =>
        cover.addStyledRow(
          cells.map((value, index) => ({ value, style: index === 0 ? BOLD : XLSX_STYLE.PLAIN })),
        );
      for (const [name, value] of settingsRows(
        sites.map((site) => site.figures),
        context,
        'Overspeed report',
      ))
        boldFirst([name, value]);
      boldFirst(['Steps over the limit', `10 and 20 ${unit}`]);
      await cover.commit();

      for (const [index, site] of sites.entries()) {
        const sheet = workbook.addSheet(sheetNames[index] ?? `Site ${index + 1}`, [
          26,
          ...Array.from({ length: 8 }, () => 16),
        ]);
        sheet.addRow([site.figures.site_name], TITLE);
        const limits = [...new Set(site.limitsMps)].map(
          (limit) => `${Number((speedIn(units, limit) ?? 0).toFixed(1))} ${unit}`,
        );
        sheet.addRow(['Speed limit', limits.length > 0 ? limits.join(', ') : 'no limit entered']);
        const header = [
          'Vehicles',
          'Above the limit',
          'Share (%)',
          `Above limit + 10 ${unit}`,
          'Share (%)',
          `Above limit + 20 ${unit}`,
          'Share (%)',
        ];
        const line = (label: string | number, counts: Tally): XlsxCell[] => [
          label,
          counts.vehicles,
          counts.above[0],
          share(counts.above[0], counts.vehicles),
          counts.above[1],
          share(counts.above[1], counts.vehicles),
          counts.above[2],
          share(counts.above[2], counts.vehicles),
        ];
        const total = tally();
        const byHour = Array.from({ length: 24 }, tally);
        const byDay = Array.from({ length: 7 }, tally);
        const byWeekHour = new Map<string, Tally & { day: number; hour: number }>();
        for (const hour of site.hours) {
          const hourOfDay = Number(hour.start.slice(11, 13));
          const day = weekdayOf(hour.start);
          add(total, hour);
          add(byHour[hourOfDay] ?? tally(), hour);
          add(byDay[day] ?? tally(), hour);
          const key = `${day}-${hourOfDay}`;
          const cell = byWeekHour.get(key) ?? { ...tally(), day, hour: hourOfDay };
          add(cell, hour);
          byWeekHour.set(key, cell);
        }
        sheet.addRow([]);
        sheet.addRow(['Whole period', ...header], BOLD);
        sheet.addRow(line('All vehicles', total));
        sheet.addRow([]);
        sheet.addRow(['Hour of day (local)', ...header], BOLD);
        byHour.forEach((counts, hour) =>
          sheet.addRow(line(`${String(hour).padStart(2, '0')}:00`, counts)),
        );
        sheet.addRow([]);
        sheet.addRow(['Day of week', ...header], BOLD);
        byDay.forEach((counts, day) => sheet.addRow(line(WEEKDAYS[day] ?? String(day), counts)));
        sheet.addRow([]);
        sheet.addRow(
          [`Worst hours of the week (at least ${WORST_MIN_VEHICLES} vehicles)`, ...header],
          BOLD,
        );
        [...byWeekHour.values()]
          .filter((cell) => cell.vehicles >= WORST_MIN_VEHICLES)
          .sort(
            (a, b) => (share(b.above[0], b.vehicles) ?? 0) - (share(a.above[0], a.vehicles) ?? 0),
          )
          .slice(0, 10)
          .forEach((cell) =>
            sheet.addRow(
              line(
                `${WEEKDAYS[cell.day] ?? cell.day} ${String(cell.hour).padStart(2, '0')}:00`,
                cell,
              ),
            ),
          );
        await sheet.commit();
      }
    },
  );
}
