import { TranslateScreen } from '@/features/translate/components/TranslateScreen.tsx';

export function TranslatePage() {
  return <TranslateScreen />;
}
