import { useContext } from 'react';
import { SessionContext } from './SessionProvider.tsx';

export function useSession() {
  return useContext(SessionContext);
}
