import { SitesScreen } from '@/features/sites/components/SitesScreen.tsx';

export function SitesPage() {
  return <SitesScreen />;
}
