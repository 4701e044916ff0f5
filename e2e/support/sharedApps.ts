import { inject } from 'vitest';
import type { SharedApp, SharedAppKind } from './appBroker.ts';

export { STAFF_PASSWORD } from './appServer.ts';
export type { SharedApp, SharedAppKind };

/**
 * The shared app of that kind (see `appBroker.ts`), started now if no test file asked for it
 * before: the files that need an app set up the same costly way share one.
 */
export async function sharedApp(kind: SharedAppKind): Promise<SharedApp> {
  const response = await fetch(`${inject('appBroker')}/apps/${kind}`);
  if (!response.ok) throw new Error(`the ${kind} app did not start: ${await response.text()}`);
  return (await response.json()) as SharedApp;
}
