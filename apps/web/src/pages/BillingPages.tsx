import { ChangelogEmailScreen } from '@/features/billing/components/ChangelogEmailScreen.tsx';
import { OrganisationBillingScreen } from '@/features/billing/components/OrganisationBillingScreen.tsx';
import { StaffBillingScreen } from '@/features/billing/components/StaffBillingScreen.tsx';

export function StaffBillingPage() {
  return <StaffBillingScreen />;
}

export function StaffChangelogPage() {
  return <ChangelogEmailScreen />;
}

export function OrganisationBillingPage() {
  return <OrganisationBillingScreen />;
}
