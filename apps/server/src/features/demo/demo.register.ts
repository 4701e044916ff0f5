import type { FeatureHost } from '../../infra/http/featureHost.ts';
import { startDemoGateway } from './demoGateway.ts';

/** The demo's realtime site keeps receiving vehicles, as from a gateway on the road. */
export function registerDemoGateway(
  { app }: FeatureHost,
  deps: Omit<Parameters<typeof startDemoGateway>[0], 'log'>,
): void {
  const demoGateway = startDemoGateway({ ...deps, log: app.log });
  // Before the realtime flusher settles on close, so that no batch comes after it.
  app.addHook('preClose', () => demoGateway.stop());
}
