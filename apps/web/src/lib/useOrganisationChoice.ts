import { useOrganisations } from './organisations.ts';
import type { OrganisationSummary } from './organisations.ts';
import { useProfile, type Profile } from './profile.ts';

export interface OrganisationChoice {
  profile: Profile | undefined;
  /** Platform admins choose whose data they see; everyone else sees their own organisation. */
  canChoose: boolean;
  organisations: OrganisationSummary[];
  organisationId: string | undefined;
  isPending: boolean;
  error: Error | null;
}

/**
 * The organisation an admin screen shows: the requested one for platform admins (else their own,
 * else the first), and always the viewer's own for organisation admins.
 */
export function useOrganisationChoice(requestedId: string | null): OrganisationChoice {
  const profileQuery = useProfile();
  const profile = profileQuery.data;
  const canChoose = profile?.role === 'admin';
  const organisationsQuery = useOrganisations(canChoose);
  const organisations = organisationsQuery.data ?? [];

  let organisationId: string | undefined;
  if (profile && !canChoose) {
    organisationId = profile.organisation_id ?? undefined;
  } else if (canChoose) {
    const known = (id: string | null | undefined) =>
      organisations.some((organisation) => organisation.id === id) ? (id ?? undefined) : undefined;
    organisationId = known(requestedId) ?? known(profile.organisation_id) ?? organisations[0]?.id;
  }

  return {
    profile,
    canChoose,
    organisations,
    organisationId,
    isPending: profileQuery.isPending || (canChoose && organisationsQuery.isPending),
    error: profileQuery.error ?? organisationsQuery.error,
  };
}
