import { LatestChanges } from '@/features/changelog/components/LatestChanges.tsx';
import { DefinitionsScreen } from '@/features/definitions/components/DefinitionsScreen.tsx';

export function DefinitionsPage() {
  return <DefinitionsScreen latestChanges={<LatestChanges entries={8} />} />;
}
