import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 37: the new-version dialog's Reload left the page where it was. The service worker's
 * registration is replaced by a stand-in that, like vite-plugin-pwa for an update it did not
 * find itself, activates the waiting worker but does not reload.
 */
const registerSW = vi.fn();

class FakeContainer extends EventTarget {
  registration: { waiting: object | null } = { waiting: {} };
  getRegistration = () => Promise.resolve(this.registration);
  getRegistrations = () => Promise.resolve([]);
}

describe('the new version Reload', () => {
  let container: FakeContainer;
  let reload: ReturnType<typeof vi.fn>;
  let activate: ReturnType<typeof vi.fn>;
  let needRefresh: () => void;

  beforeEach(() => {
    vi.resetModules();
    container = new FakeContainer();
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    reload = vi.fn();
    Object.defineProperty(window, 'location', {
      value: { ...window.location, pathname: '/ui/analysis/map', reload },
      configurable: true,
    });
    activate = vi.fn(() => Promise.resolve());
    registerSW.mockImplementation((options: { onNeedRefresh: () => void }) => {
      needRefresh = options.onNeedRefresh;
      return activate;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads once when the activated version takes the page', async () => {
    const { newVersion, startServiceWorkerWith } = await import('./newVersion.ts');
    startServiceWorkerWith(registerSW as never);
    needRefresh();
    expect(newVersion.isWaiting()).toBe(true);

    await newVersion.reload();
    expect(activate).toHaveBeenCalledWith(true);
    // Not before the new version controls the page: it would reload onto the old one.
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    // A later change of controller (another deployment) does not reload it again by itself.
    container.dispatchEvent(new Event('controllerchange'));
    await newVersion.reload();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when no version waits any more, and never on a first install', async () => {
    const { newVersion, startServiceWorkerWith } = await import('./newVersion.ts');
    startServiceWorkerWith(registerSW as never);
    // The first version claims the page (clientsClaim): nobody asked for a reload.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    needRefresh();
    // Another tab activated the waiting version meanwhile.
    container.registration = { waiting: null };
    await newVersion.reload();
    expect(activate).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
