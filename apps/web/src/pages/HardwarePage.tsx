import { HardwareScreen } from '@/features/hardware/components/HardwareScreen.tsx';

/** /ui/hardware: devices, arrays and their mappings to lanes. */
export function HardwarePage() {
  return <HardwareScreen />;
}
