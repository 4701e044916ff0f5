import { can } from '@roadcount/domain';
import { useProfile } from './profile.ts';

/** Whether the signed-in user may register, change and map devices (not viewers, not the demo). */
export function useCanEditHardware(): boolean {
  const profile = useProfile().data;
  if (!profile?.organisation_id) return false;
  return can(
    { role: profile.role, organisationId: profile.organisation_id, isDemo: profile.is_demo },
    'hardware.write',
    { organisationId: profile.organisation_id },
  );
}
