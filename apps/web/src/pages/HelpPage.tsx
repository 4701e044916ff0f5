import { HelpScreen } from '@/features/help/components/HelpScreen.tsx';
import { useTour } from '@/features/tour/components/TourProvider.tsx';

export function HelpPage() {
  const { start } = useTour();
  return <HelpScreen onStartTour={start} />;
}
