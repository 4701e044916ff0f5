import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshDelayMs, refreshSession } from './refreshSession.ts';
import { readTokens, writeTokens } from './tokenStorage.ts';

describe('refreshDelayMs', () => {
  it('is 90% of the remaining lifetime', () => {
    const now = 1_000_000;
    expect(refreshDelayMs(now / 1000 + 600, now)).toBe(540_000);
    expect(refreshDelayMs(now / 1000 - 5, now)).toBe(0);
  });
});

describe('refreshSession', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one request for concurrent callers and stores the new pair', async () => {
    writeTokens({ access: 'old-access', refresh: 'old-refresh' });
    const fetchSpy = vi.fn(() =>
      Promise.resolve(Response.json({ access: 'new-access', refresh: 'new-refresh' })),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const outcomes = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(outcomes).toEqual(['refreshed', 'refreshed', 'refreshed']);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(readTokens()).toEqual({ access: 'new-access', refresh: 'new-refresh' });
  });

  it('signs out when the server refuses the refresh token', async () => {
    writeTokens({ access: 'a', refresh: 'revoked' });
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ status: 401 }, { status: 401 })));
    expect(await refreshSession()).toBe('signed-out');
    expect(readTokens()).toBeNull();
  });

  it('keeps the session when the server cannot be reached', async () => {
    writeTokens({ access: 'a', refresh: 'r' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await refreshSession()).toBe('unreachable');
    expect(readTokens()).toEqual({ access: 'a', refresh: 'r' });
  });
});
