import { registerSW } from 'virtual:pwa-register';
import { startServiceWorkerWith } from './newVersion.ts';

export { newVersion } from './newVersion.ts';

/** Registers the app's service worker (vite-plugin-pwa's registration; see newVersion.ts). */
export function startServiceWorker(): void {
  startServiceWorkerWith(registerSW);
}
