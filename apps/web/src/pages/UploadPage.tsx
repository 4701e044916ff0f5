import { UploadScreen } from '@/features/uploads/components/UploadScreen.tsx';

export function UploadPage() {
  return <UploadScreen />;
}
