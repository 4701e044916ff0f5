import { FilesScreen } from '@/features/files/components/FilesScreen.tsx';

export function FilesPage() {
  return <FilesScreen />;
}
