import { DevicesScreen } from '@/features/hardware/components/DevicesScreen.tsx';

/** /ui/gateways: the gateway list. */
export function GatewaysPage() {
  return <DevicesScreen kind="gateway" />;
}
