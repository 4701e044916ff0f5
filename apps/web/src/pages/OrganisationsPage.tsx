import { OrganisationsScreen } from '@/features/staff/components/OrganisationsScreen.tsx';

/** /ui/staff/organisations */
export function OrganisationsPage() {
  return <OrganisationsScreen />;
}
