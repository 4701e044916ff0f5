import { SiteLaneArrays } from '@/features/hardware/components/SiteLaneArrays.tsx';
import { SiteTaskProgress } from '@/features/siteDetail/components/SiteTaskProgress.tsx';
import { SpeedLimitSummary } from '@/features/siteDetail/components/SpeedLimitSummary.tsx';
import { SitesScreen } from '@/features/sites/components/SitesScreen.tsx';
import { StaffSiteToolsDialog } from '@/features/staffTools/components/StaffSiteToolsDialog.tsx';

/** Where the sites meet hardware, site detail and staff tools: in the site dialog and the list. */
const SITE_PARTS = {
  LaneArrays: SiteLaneArrays,
  SpeedLimits: SpeedLimitSummary,
  TaskProgress: SiteTaskProgress,
};

export function SitesPage() {
  return <SitesScreen siteParts={SITE_PARTS} StaffSiteTools={StaffSiteToolsDialog} />;
}
