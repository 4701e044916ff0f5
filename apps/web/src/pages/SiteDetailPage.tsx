import { SiteDetailScreen } from '@/features/siteDetail/components/SiteDetailScreen.tsx';

export function SiteDetailPage() {
  return <SiteDetailScreen />;
}
