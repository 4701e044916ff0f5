import { useEffect, useState } from 'react';
import { ONLINE_CHECK_INTERVAL_MS } from '@roadcount/domain';

/** Online state from the browser's events, re-checked every 2 s (SPEC section 9). */
export function useOnlineStatus(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const timer = window.setInterval(update, ONLINE_CHECK_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      window.clearInterval(timer);
    };
  }, []);
  return online;
}
