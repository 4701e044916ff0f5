import { describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/viewer.repository.ts';
import { createLiveSessions } from './liveSessions.ts';

const HOUR_MS = 3_600_000;

function socket() {
  const closed: { code: number; reason: string }[] = [];
  return { closed, close: (code: number, reason: string) => closed.push({ code, reason }) };
}

describe('live sessions', () => {
  it('closes, on the sweep, the sockets of a user given another role or deactivated', async () => {
    const stored = new Map<string, Partial<UserRow>>([
      ['promoted', { role: 'org_admin', isActive: true }],
      ['deactivated', { role: 'org_user', isActive: false }],
      ['unchanged', { role: 'org_user', isActive: true }],
    ]);
    const sessions = createLiveSessions({
      users: { findById: (id) => Promise.resolve(stored.get(id) as UserRow | undefined) },
    });
    const sockets = { promoted: socket(), deactivated: socket(), unchanged: socket() };
    for (const [userId, open] of Object.entries(sockets))
      sessions.add(open, { userId, role: 'org_user' }, Date.now() + HOUR_MS);
    await sessions.sweep();
    sessions.stop();
    expect(sockets.promoted.closed).toEqual([{ code: 4403, reason: 'Session ended' }]);
    expect(sockets.deactivated.closed).toEqual([{ code: 4403, reason: 'Session ended' }]);
    expect(sockets.unchanged.closed).toEqual([]);
  });
});
