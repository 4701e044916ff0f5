import {
  DEFAULT_ORGANISATION_SETTINGS,
  type FeaturedSiteStat,
  type MapProfile,
  type OrganisationSettings,
} from '@roadcount/domain';
import type { MapSite } from '@/lib/map/mapSites.ts';

/** Where and how the map opens (SPEC sections 3 and 9): the organisation's map defaults. */
export interface MapStart {
  zoom: number;
  /** The centre to open at; null fits the organisation's sites (at most `zoom`). */
  centre: { latitude: number; longitude: number } | null;
  layer: OrganisationSettings['map_defaults']['layer'];
  dayRange: OrganisationSettings['map_defaults']['dayRange'];
  /** The profile that applies on arrival: the user's active one, else the organisation's first. */
  profile: MapProfile | undefined;
}

/**
 * The map's opening state: the organisation's default centre, zoom, layer and day range, then
 * the user's active layer profile over them, or the organisation's first profile for a user who
 * saved none of their own.
 */
export function mapStart(
  organisation:
    Partial<Pick<OrganisationSettings, 'map_defaults' | 'map_layer_profiles'>> | undefined,
  own: { profiles: MapProfile[]; active: number },
): MapStart {
  const defaults = organisation?.map_defaults ?? DEFAULT_ORGANISATION_SETTINGS.map_defaults;
  const profile =
    own.profiles.length > 0 ? own.profiles[own.active] : organisation?.map_layer_profiles?.[0];
  return {
    zoom: defaults.zoom,
    centre: defaults.centre,
    layer: defaults.layer,
    dayRange: defaults.dayRange,
    profile,
  };
}

/** How a figure reads: a count of vehicles, a speed (m/s) or a percentage. */
export type FigureKind = 'count' | 'speed' | 'percent';

/** A featured statistic as the map shows it: its kind and its value from the map's figures. */
export interface FeaturedFigure {
  stat: FeaturedSiteStat;
  kind: FigureKind;
  value: number | null;
}

/**
 * The featured statistics the map's site figures carry, with where each comes from. AADT and
 * the peak hours need the site detail's hourly figures and factor groups: not on the map.
 */
const MAP_FIGURES: Partial<
  Record<FeaturedSiteStat, { kind: FigureKind; value: (site: MapSite) => number | null }>
> = {
  adt: { kind: 'count', value: (site) => site.adt ?? null },
  awdt: { kind: 'count', value: (site) => site.awdt ?? null },
  awedt: { kind: 'count', value: (site) => site.awedt ?? null },
  speed85: { kind: 'speed', value: (site) => site.speed85_mps ?? null },
  averageSpeed: { kind: 'speed', value: (site) => site.average_speed_mps ?? null },
  percentCommercial: { kind: 'percent', value: (site) => site.heavy_percent ?? null },
  totalCommercial: { kind: 'count', value: (site) => (site.has_data ? site.heavy_vehicles : null) },
};

/** The site's featured statistics in the organisation's order, those the map carries. */
export function featuredFigures(
  site: MapSite,
  featured: readonly FeaturedSiteStat[],
): FeaturedFigure[] {
  return featured.flatMap((stat) => {
    const figure = MAP_FIGURES[stat];
    return figure ? [{ stat, kind: figure.kind, value: figure.value(site) }] : [];
  });
}
