import shpwrite from '@mapbox/shp-write';
import { aadtLabel } from '@roadcount/domain';
import {
  countsOnly,
  speedIn,
  SPEED_UNITS,
  type ReportContext,
  type SiteFigures,
} from './reportFigures.ts';
import { roundedShare } from './reportPeriod.ts';

/** A site's point and figures; shapefile field names are at most 10 characters, so all are. */
export interface SiteFeatureProperties {
  site_id: string;
  name: string;
  period_fr: string;
  period_to: string;
  units: string;
  /** What was counted: `vehicle`, or a counter's modes (`bike`, `pedestrian`, joined by +). */
  counted: string;
  /** Vehicles, or a counter's counts of its modes. */
  vehicles: number;
  days: number;
  adt: number | null;
  awdt: number | null;
  awedt: number | null;
  aadt: number | null;
  /** How the AADT was found: aashto, factored (by the site's factor group) or unadjusted. */
  aadt_meth: string;
  aadt_est: number;
  avg_speed: number | null;
  speed_85: number | null;
  comm_pct: number | null;
  over_limit: number | null;
}

type Feature = {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: SiteFeatureProperties;
};

/**
 * The sites and their summary figures as GeoJSON features in WGS84 (longitude, latitude), the
 * site-detail answer's figures, speeds in the report's unit (docs/formats.md, GIS export).
 */
/** The sum of the figures given, null when none is. */
const sumOf = (values: (number | null | undefined)[]) =>
  values.some((value) => typeof value === 'number')
    ? values.reduce<number>((sum, value) => sum + (value ?? 0), 0)
    : null;

/**
 * A site's volumes as the site detail gives them: a vehicle site's summary, or a bike or
 * pedestrian counter's counts (its count summary, as the count-site page), its modes added.
 */
function volumesOf(site: SiteFigures) {
  const counts = countsOnly(site) ? site.counts : null;
  if (!counts) {
    const { vehicles, wholeDays, adt, awdt, awedt } = site.summary;
    return { counted: 'vehicle', vehicles, days: wholeDays, adt, awdt, awedt };
  }
  const { modes } = counts;
  return {
    counted: modes.join('+'),
    vehicles: sumOf(modes.map((mode) => counts.totals[mode])) ?? 0,
    days: counts.wholeDays,
    adt: sumOf(modes.map((mode) => counts.dailyAverage[mode])),
    awdt: sumOf(modes.map((mode) => counts.figures[mode]?.awdt)),
    awedt: sumOf(modes.map((mode) => counts.figures[mode]?.awedt)),
  };
}

export function gisFeatures(
  figures: readonly SiteFigures[],
  context: ReportContext,
): { type: 'FeatureCollection'; features: Feature[] } {
  const { units, start, end } = context.parameters;
  const speed = (mps: number | null) => speedIn(units, mps);
  return {
    type: 'FeatureCollection',
    features: figures.map((site) => {
      // The AADT of the site detail's AADT card; only AASHTO over a whole year is not an estimate.
      const aadt = aadtLabel(site.aadtAdjustment, site.summary);
      return {
        type: 'Feature',
        geometry:
          site.latitude === null || site.longitude === null
            ? null
            : { type: 'Point', coordinates: [site.longitude, site.latitude] },
        properties: {
          site_id: site.site_id,
          name: site.site_name,
          period_fr: start,
          period_to: end,
          units: SPEED_UNITS[units].label,
          ...volumesOf(site),
          aadt: aadt.value,
          aadt_meth: aadt.name,
          aadt_est: aadt.name === 'aashto' && !site.summary.aadtIsEstimate ? 0 : 1,
          avg_speed: speed(site.summary.averageSpeedMps),
          speed_85: speed(site.summary.speed85thMps),
          comm_pct: roundedShare(site.summary.percentCommercial),
          over_limit: site.speeding ? roundedShare(site.speeding.aboveLimit.sharePercent) : null,
        },
      };
    }),
  };
}

export const geojsonBytes = (figures: readonly SiteFigures[], context: ReportContext) =>
  Buffer.from(JSON.stringify(gisFeatures(figures, context)), 'utf8');

/** WGS84's projection file, so that GIS programs place the points without asking. */
const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/** The same features as a zipped ESRI Shapefile (shp, shx, dbf, prj); sites without a position are left out. */
export async function shapefileZip(
  figures: readonly SiteFigures[],
  context: ReportContext,
): Promise<Buffer> {
  const collection = gisFeatures(figures, context);
  const located = collection.features.filter((feature) => feature.geometry !== null);
  // The dbf has no null: a missing figure is written as -1 (documented).
  const features = located.map((feature) => ({
    ...feature,
    properties: Object.fromEntries(
      Object.entries(feature.properties).map(([key, value]) => [key, value ?? -1]),
    ),
  }));
  const zipped = await shpwrite.zip<'nodebuffer'>(
    { type: 'FeatureCollection', features },
    {
      folder: 'roadcount-sites',
      filename: 'roadcount-sites',
      prj: WGS84_PRJ,
      types: { point: 'roadcount-sites' },
      compression: 'DEFLATE',
      outputType: 'nodebuffer',
    },
  );
  return zipped;
}
