import { SiteRoadSections } from '@/features/hardware/components/SiteRoadSections.tsx';
import { SiteDetailScreen } from '@/features/siteDetail/components/SiteDetailScreen.tsx';

export function SiteDetailPage() {
  return <SiteDetailScreen RoadSections={SiteRoadSections} />;
}
