import { useSearchParams } from 'react-router-dom';
import { UsersScreen } from '@/features/users/components/UsersScreen.tsx';

/** /ui/admin-tools/users[?organisation=<id>] */
export function UsersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <UsersScreen
      requestedOrganisationId={searchParams.get('organisation')}
      onOrganisationChange={(organisationId) => setSearchParams({ organisation: organisationId })}
    />
  );
}
