import { useContext } from 'react';
import { FlashContext } from './FlashProvider.tsx';

export function useFlash() {
  return useContext(FlashContext);
}
