import { DevicesScreen } from '@/features/hardware/components/DevicesScreen.tsx';

/** /ui/roadstuds: the magnetometer list. */
export function RoadstudsPage() {
  return <DevicesScreen kind="roadstud" />;
}
