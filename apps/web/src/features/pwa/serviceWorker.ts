import { registerSW } from 'virtual:pwa-register';

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 15 * 60 * 1000;

type Listener = () => void;
let waiting = false;
let activate: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<Listener>();

export const newVersion = {
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isWaiting: () => waiting,
  /** Activates the waiting version and reloads the page with it. */
  reload: async () => {
    if (activate) await activate(true);
    else window.location.reload();
  },
};

/**
 * Registers the app's service worker, except on /admin paths, where SPEC section 7 has any
 * registration removed. A new version waits until the reload dialog activates it.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (window.location.pathname.startsWith('/admin')) {
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((item) => item.unregister())));
    return;
  }
  activate = registerSW({
    onNeedRefresh() {
      waiting = true;
      for (const listener of listeners) listener();
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      window.setInterval(check, UPDATE_CHECK_MS);
      // Coming back to the tab is when a deployment is most likely to be noticed.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}
