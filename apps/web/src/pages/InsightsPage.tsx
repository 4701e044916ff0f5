import { InsightsScreen } from '@/features/reports/components/InsightsScreen.tsx';

export function InsightsPage() {
  return <InsightsScreen />;
}
