import { DefinitionsScreen } from '@/features/definitions/components/DefinitionsScreen.tsx';

export function DefinitionsPage() {
  return <DefinitionsScreen />;
}
