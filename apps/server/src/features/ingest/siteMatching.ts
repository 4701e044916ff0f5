import { SITE_MATCH_RADIUS_M } from '@roadcount/domain';
import type { CounterFileHeader } from '@roadcount/formats';
import type { SiteRow, SiteMatchingRepository } from './siteMatching.repository.ts';

export type MatchRule = 'sid' | 'code' | 'gps' | 'name' | 'new';

export type SiteMatch =
  | {
      rule: Exclude<MatchRule, 'new'>;
      site: SiteRow;
      /** A station-code match that a person should confirm: every site it could be. */
      uncertain?: { code: string; candidates: SiteRow[] };
    }
  | { rule: 'new'; name: string; latitude: number | null; longitude: number | null };

/**
 * SPEC section 4, upload matching order: a `SID:` id (or the station code of the file's header,
 * `stationCodeMatch`); GPS to a site within 5 m; a site within
 * 50 m with an identical name; else a new site. Decides only: a new site is created once the
 * file has been read without error.
 */
export async function matchSite(
  sites: SiteMatchingRepository,
  organisationId: string,
  header: CounterFileHeader,
  fallbackName: string,
): Promise<SiteMatch> {
  if (header.siteId) {
    // Only the uploader's organisation's sites: another's SID matches nothing.
    const site = await sites.findBySid(organisationId, header.siteId);
    if (site) return { rule: 'sid', site };
  }
  const code = header.stationCode?.trim();
  if (code) {
    const byCode = await stationCodeMatch(sites, organisationId, code, header.siteName);
    if (byCode) return byCode;
  }
  const hasPoint = header.latitude !== undefined && header.longitude !== undefined;
  if (hasPoint) {
    const point = { latitude: header.latitude ?? 0, longitude: header.longitude ?? 0 };
    const nearest = (await sites.near(organisationId, point, SITE_MATCH_RADIUS_M.any))[0];
    if (nearest) return { rule: 'gps', site: nearest.site };
    const name = header.siteName?.trim().toLowerCase();
    if (name) {
      const sameName = (await sites.near(organisationId, point, SITE_MATCH_RADIUS_M.sameName)).find(
        (candidate) => candidate.site.name.trim().toLowerCase() === name,
      );
      if (sameName) return { rule: 'name', site: sameName.site };
    }
  }
  return {
    rule: 'new',
    name: header.siteName?.trim() || fallbackName,
    latitude: hasPoint ? (header.latitude ?? null) : null,
    longitude: hasPoint ? (header.longitude ?? null) : null,
  };
}

/**
 * A file's station code matched as a SID: the one site created from (or given) that code. Two
 * sites with the code, or only a site without a code named as the code while the file names
 * another site, are uncertain: the file joins the first candidate and waits for review naming
 * them. No site: undefined (the next rules decide).
 */
async function stationCodeMatch(
  sites: SiteMatchingRepository,
  organisationId: string,
  code: string,
  fileSiteName: string | undefined,
): Promise<SiteMatch | undefined> {
  const coded = await sites.withStationCode(organisationId, code);
  const [first] = coded;
  if (first && coded.length === 1) return { rule: 'code', site: first };
  if (first) return { rule: 'code', site: first, uncertain: { code, candidates: coded } };
  const named = (await sites.namedWithoutCode(organisationId, code))[0];
  if (!named) return undefined;
  const fileName = fileSiteName?.trim().toLowerCase();
  if (!fileName || fileName === named.name.trim().toLowerCase())
    return { rule: 'code', site: named };
  return { rule: 'code', site: named, uncertain: { code, candidates: [named] } };
}
