import { compassLetter, SITE_MERGE_MESSAGES, type MergeSite } from '@roadcount/domain';
import type { SiteRow } from '../../infra/access/access.ts';

/** A site as the merge plan (packages/domain) reads it. */
export function toMergeSite(site: SiteRow): MergeSite {
  return {
    id: site.id,
    name: site.name,
    class_scheme: site.classScheme,
    direction_one: compassLetter(site.directionOne),
    direction_two: compassLetter(site.directionTwo),
  };
}

export function mergeProblemMessage(plan: {
  problem: keyof typeof SITE_MERGE_MESSAGES;
  detail: string;
}) {
  return `${SITE_MERGE_MESSAGES[plan.problem]}${plan.detail ? ` (${plan.detail})` : ''}`;
}
