import { SurveysScreen } from '@/features/surveys/components/SurveysScreen.tsx';

export function SurveysPage() {
  return <SurveysScreen />;
}
