import { SITE_MATCH_RADIUS_M } from '@roadcount/domain';
import type { CounterFileHeader } from '@roadcount/formats';
import type { SiteRow, SiteMatchingRepository } from './siteMatching.repository.ts';

export type MatchRule = 'sid' | 'gps' | 'name' | 'new';

export type SiteMatch =
  | { rule: Exclude<MatchRule, 'new'>; site: SiteRow }
  | { rule: 'new'; name: string; latitude: number | null; longitude: number | null };

/**
 * SPEC section 4, upload matching order: a `SID:` id; GPS to a site within 5 m; a site within
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
