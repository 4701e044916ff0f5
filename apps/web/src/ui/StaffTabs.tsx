import { RouteTabs } from './RouteTabs.tsx';

const TABS = [
  { path: '/ui/staff/organisations', labelKey: 'staff.title' },
  { path: '/ui/staff/billing', labelKey: 'billing.title' },
  { path: '/ui/staff/changelog', labelKey: 'billing.changelog.title' },
] as const;

/** The staff area's screens, one tab each. */
export function StaffTabs() {
  return <RouteTabs tabs={TABS} />;
}
