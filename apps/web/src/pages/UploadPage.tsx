import { UploadScreen } from '@/features/files/components/UploadScreen.tsx';

export function UploadPage() {
  return <UploadScreen />;
}
