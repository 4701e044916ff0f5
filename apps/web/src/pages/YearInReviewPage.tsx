import { YearInReviewScreen } from '@/features/reports/components/YearInReviewScreen.tsx';

export function YearInReviewPage() {
  return <YearInReviewScreen />;
}
