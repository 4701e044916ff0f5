import { csvRow, splitCsvLine } from './csv.ts';

/** One site as a counter operator loads it before a survey (docs/formats.md, section 6). */
export interface SiteListEntry {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** Compass letters N, E, S or W. */
  directionOne: string | null;
  directionTwo: string | null;
  /** From the road centre outwards. */
  lanes: { direction: string | null; type: string }[];
  timeZone: string;
  /** The attribute written for the site, when not the plain `SID:<id>` (a survey's options). */
  attribute?: string;
}

export const SITE_LIST_COLUMNS = [
  'name',
  'attribute',
  'latitude',
  'longitude',
  'direction_one',
  'direction_two',
  'lanes',
  'lane_directions',
  'lane_types',
  'time_zone',
  'site_id',
] as const;

/** The attribute the counter writes into its files, by which an upload finds its site. */
export function siteAttribute(siteId: string): string {
  return `SID:${siteId}`;
}

/** The site list for counter software: a comment, a header row, then one site a row. */
export function siteListCsv(entries: readonly SiteListEntry[]): string {
  const rows = entries.map((site) =>
    csvRow([
      site.name,
      site.attribute ?? siteAttribute(site.id),
      site.latitude === null ? null : { number: site.latitude.toFixed(6) },
      site.longitude === null ? null : { number: site.longitude.toFixed(6) },
      site.directionOne,
      site.directionTwo,
      site.lanes.length,
      site.lanes.map((lane) => lane.direction ?? '0').join('|'),
      site.lanes.map((lane) => lane.type).join('|'),
      site.timeZone,
      site.id,
    ]),
  );
  return [
    '# Roadcount site list for counter software. Set each counter up with the site name, and the',
    '# attribute as its Attribute (MetroCount), Site Code or Station ID (Jamar) or site_id column.',
    SITE_LIST_COLUMNS.join(','),
    ...rows,
  ]
    .map((line) => `${line}\r\n`)
    .join('');
}

/** The rows of a site list as column → text, comments left out. */
export function readSiteList(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const [header, ...rows] = lines;
  if (!header) return [];
  const names = splitCsvLine(header);
  return rows.map((row) => {
    const values = splitCsvLine(row);
    return Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']));
  });
}
