import { FactorGroupsScreen } from '@/features/engineering/components/FactorGroupsScreen.tsx';
import { ReportsTabs } from '@/features/reports/components/ReportsTabs.tsx';

export function FactorGroupsPage() {
  return <FactorGroupsScreen tabs={<ReportsTabs />} />;
}
