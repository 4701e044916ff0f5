import { MapScreen } from '@/features/map/components/MapScreen.tsx';

export function MapPage() {
  return <MapScreen />;
}
