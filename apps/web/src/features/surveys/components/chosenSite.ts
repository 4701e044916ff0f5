import type { Site } from '@/lib/sites.ts';

/** What the wizard keeps of a chosen site: enough for the site file's preview. */
export interface ChosenSite {
  id: string;
  name: string;
  alternativeName: string | null;
  assetManagementId: string | null;
}

export const chosenOf = (site: Site): ChosenSite => ({
  id: site.id,
  name: site.name,
  alternativeName: site.alternative_name ?? null,
  assetManagementId: site.asset_management_id ?? null,
});
