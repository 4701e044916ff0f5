import { GuidesScreen } from '@/features/guides/components/GuidesScreen.tsx';

export function GuidesPage() {
  return <GuidesScreen />;
}
