import { useSearchParams } from 'react-router-dom';
import { OrganisationSettingsScreen } from '@/features/organisation/components/OrganisationSettingsScreen.tsx';

/** /ui/admin-tools/organisation[?organisation=<id>] */
export function OrganisationSettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <OrganisationSettingsScreen
      requestedOrganisationId={searchParams.get('organisation')}
      onOrganisationChange={(organisationId) => setSearchParams({ organisation: organisationId })}
    />
  );
}
