import { ViewOrganisationButton } from '@/features/orgView/components/ViewOrganisationButton.tsx';
import { OrganisationsScreen } from '@/features/staff/components/OrganisationsScreen.tsx';
import { OrganisationTaskButtons } from '@/features/staffTools/components/OrganisationTaskButtons.tsx';
import { ResetDemoButton } from '@/features/staffTools/components/ResetDemoButton.tsx';

/** /ui/staff/organisations */
export function OrganisationsPage() {
  return (
    <OrganisationsScreen
      actions={<ResetDemoButton />}
      OrganisationView={ViewOrganisationButton}
      OrganisationTasks={OrganisationTaskButtons}
    />
  );
}
