import type { MapLayer } from '@roadcount/domain';
import type { MapSite } from '@/lib/map/mapSites.ts';
import { csvField } from '@roadcount/formats/csv';

export type Units = 'metric' | 'imperial';

const MPS_TO_KMH = 3.6;
const MPS_TO_MPH = 2.2369362920544;

/** A speed in the user's unit (km/h or mph). */
export function speedIn(units: Units, speedMps: number): number {
  return speedMps * (units === 'metric' ? MPS_TO_KMH : MPS_TO_MPH);
}

/** Colour of a site without figures for the layer. */
export const NO_VALUE_COLOUR = '#9e9e9e';

export interface LegendStep {
  colour: string;
  /** Lower bound of the step in the legend's unit; the first step has none. */
  from: number | null;
  to: number | null;
}

export interface LayerScale {
  /** The figure the layer colours by, in the legend's unit; null when the site has none. */
  value: (site: MapSite) => number | null;
  steps: LegendStep[];
  /** i18n key of the legend's unit: km/h, mph, percent or vehicles a day. */
  unitKey: string;
}

const GREEN_TO_RED = ['#1a9850', '#91cf60', '#fee08b', '#fc8d59', '#d73027'];
const LIGHT_TO_DARK = ['#c6dbef', '#6baed6', '#3182bd', '#08519c', '#08306b'];

function steps(colours: string[], bounds: number[]): LegendStep[] {
  return colours.map((colour, index) => ({
    colour,
    from: index === 0 ? null : (bounds[index - 1] ?? null),
    to: bounds[index] ?? null,
  }));
}

/** Speed bands: every 10 km/h from 30, or every 5 mph from 20. */
const SPEED_BOUNDS: Record<Units, number[]> = {
  metric: [30, 40, 50, 60],
  imperial: [20, 25, 30, 40],
};

/** The site figure each speed layer colours by. */
const SPEED_FIGURES = {
  speed: 'average_speed_mps',
  speed85: 'speed85_mps',
  speed95: 'speed95_mps',
} as const;

const percentOf = (share: number | null | undefined) =>
  share === null || share === undefined ? null : share * 100;

/** How each layer colours a site, with its legend, in the user's units. */
export function layerScale(layer: MapLayer, units: Units): LayerScale {
  switch (layer) {
    case 'speed':
    case 'speed85':
    case 'speed95': {
      const figure = SPEED_FIGURES[layer];
      return {
        value: (site) => {
          const speed = site[figure] ?? null;
          return speed === null ? null : speedIn(units, speed);
        },
        steps: steps(GREEN_TO_RED, SPEED_BOUNDS[units]),
        unitKey: units === 'metric' ? 'map.units.kmh' : 'map.units.mph',
      };
    }
    case 'pace':
      // The start of the pace band in the user's unit (the 10 km/h or the 10 mph band).
      return {
        value: (site) => {
          const from = units === 'metric' ? site.pace_kmh_from_mps : site.pace_mph_from_mps;
          // A band starts at a whole km/h or mph: rounded, so 40 km/h stored in m/s is not 39.99.
          return from === null || from === undefined ? null : Math.round(speedIn(units, from));
        },
        steps: steps(GREEN_TO_RED, SPEED_BOUNDS[units]),
        unitKey: units === 'metric' ? 'map.units.kmh' : 'map.units.mph',
      };
    case 'aboveLimit':
      return {
        value: (site) => site.above_limit_percent,
        steps: steps(GREEN_TO_RED, [5, 15, 30, 50]),
        unitKey: 'map.units.percent',
      };
    case 'classes':
      return {
        value: (site) => site.heavy_percent,
        steps: steps(LIGHT_TO_DARK, [5, 10, 15, 25]),
        unitKey: 'map.units.percentHeavy',
      };
    case 'volume':
      return {
        value: (site) => site.adt,
        steps: steps(LIGHT_TO_DARK, [1000, 5000, 10000, 20000]),
        unitKey: 'map.units.vehiclesPerDay',
      };
    case 'aadt':
      return {
        value: (site) => site.design?.aadt ?? null,
        steps: steps(LIGHT_TO_DARK, [1000, 5000, 10000, 20000]),
        unitKey: 'map.units.vehiclesPerDay',
      };
    case 'kFactor':
      // Percent of the AADT in the design hour: about 8 % on busy urban roads, more on rural ones.
      return {
        value: (site) => percentOf(site.design?.k_factor),
        steps: steps(LIGHT_TO_DARK, [8, 10, 12, 15]),
        unitKey: 'map.units.percent',
      };
    case 'dFactor':
      // The peak direction's share of the design hour: 50 % is an even split.
      return {
        value: (site) => percentOf(site.design?.d_factor),
        steps: steps(LIGHT_TO_DARK, [52, 55, 60, 65]),
        unitKey: 'map.units.percent',
      };
    case 'peakHourFactor':
      // 1 is an even flow through the peak hour; the lower, the sharper the peak within it.
      return {
        value: (site) => site.design?.peak_hour_factor ?? null,
        steps: steps(GREEN_TO_RED.toReversed(), [0.8, 0.85, 0.9, 0.95]),
        unitKey: 'map.units.none',
      };
    case 'noData':
    case 'comparison':
      return {
        value: (site) => (site.has_data ? 1 : 0),
        steps: [
          { colour: '#d73027', from: null, to: 1 },
          { colour: '#3182bd', from: 1, to: null },
        ],
        unitKey: 'map.units.none',
      };
  }
}

/** The colour of a value on a scale: the step whose bounds hold it. */
export function colourFor(scale: LayerScale, value: number | null): string {
  if (value === null) return NO_VALUE_COLOUR;
  for (const step of scale.steps) if (step.to === null || value < step.to) return step.colour;
  return NO_VALUE_COLOUR;
}

/** Selection colours, taken in turn (SPEC section 4). */
export const SELECTION_PALETTE = [
  '#e6194b',
  '#3cb44b',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#46f0f0',
  '#f032e6',
  '#9a6324',
];

export type SelectionMode = 'single' | 'multi';

/**
 * SPEC section 4: a click in single mode replaces the selection, in multi mode toggles the site.
 * Answers the new selection in the order the sites were picked.
 */
export function nextSelection(selected: string[], siteId: string, mode: SelectionMode): string[] {
  if (mode === 'single') return selected.length === 1 && selected[0] === siteId ? [] : [siteId];
  return selected.includes(siteId) ? selected.filter((id) => id !== siteId) : [...selected, siteId];
}

/** Each selected site's colour: palette colours in turn, and black for one site in single mode. */
export function selectionColours(selected: string[], mode: SelectionMode): Map<string, string> {
  if (mode === 'single' && selected.length === 1)
    return new Map([[selected[0] as string, '#000000']]);
  return new Map(
    selected.map((id, index) => [
      id,
      SELECTION_PALETTE[index % SELECTION_PALETTE.length] as string,
    ]),
  );
}

/** Figures to two decimals; text made safe to open in a spreadsheet (a name like `=1+1`). */
function csvCell(value: string | number | null): string {
  return csvField(typeof value === 'number' ? Math.round(value * 100) / 100 : value);
}

/** The summary CSV of the visible sites' figures, speeds in the user's unit. */
export function summaryCsv(sites: MapSite[], units: Units, headers: string[]): string {
  const speed = (value: number | null) => (value === null ? null : speedIn(units, value));
  const rows = sites.map((site) => [
    site.name,
    site.latitude,
    site.longitude,
    site.last_surveyed,
    site.days,
    site.adt,
    speed(site.average_speed_mps),
    speed(site.speed85_mps),
    speed(site.speed_limit_mps),
    site.above_limit_percent,
    site.heavy_percent,
  ]);
  return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
