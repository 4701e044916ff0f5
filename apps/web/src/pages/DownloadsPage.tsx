import { DownloadsScreen } from '@/features/reports/components/DownloadsScreen.tsx';

export function DownloadsPage() {
  return <DownloadsScreen />;
}
