import type { registerSW } from 'virtual:pwa-register';

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 15 * 60 * 1000;

type Listener = () => void;
let waiting = false;
let activate: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<Listener>();
/** Set once this page has asked to reload: a second request or event reloads nothing more. */
let reloading = false;

function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

export const newVersion = {
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isWaiting: () => waiting,
  /**
   * Activates the waiting version and reloads the page, once, when that version controls it.
   * vite-plugin-pwa reloads on Workbox's 'controlling' event only for the updates it found
   * itself, so the page listens for the change of controller too; the listener is added only
   * here, after the user's click, so a first install taking the page never reloads it.
   */
  reload: async () => {
    const registration = activate ? await navigator.serviceWorker.getRegistration() : undefined;
    // No version waits any more (another tab activated it): the page only needs reloading.
    if (!activate || !registration?.waiting) return reloadOnce();
    navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
    await activate(true);
  },
};

/**
 * Registers the app's service worker, except on /admin paths, where SPEC section 7 has any
 * registration removed. A new version waits until the reload dialog activates it.
 */
export function startServiceWorkerWith(register: typeof registerSW): void {
  if (!('serviceWorker' in navigator)) return;
  if (window.location.pathname.startsWith('/admin')) {
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((item) => item.unregister())));
    return;
  }
  activate = register({
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
