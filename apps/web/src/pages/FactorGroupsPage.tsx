import { FactorGroupsScreen } from '@/features/engineering/components/FactorGroupsScreen.tsx';

export function FactorGroupsPage() {
  return <FactorGroupsScreen />;
}
