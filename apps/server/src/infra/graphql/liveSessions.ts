import type { UserSource } from '../auth/viewer.ts';

/** graphql-ws's Forbidden: the user was deleted, deactivated or given another role. */
export const SESSION_ENDED_CLOSE_CODE = 4403;
/** The web client reconnects at once on this code (SPEC section 9), with a fresh token. */
export const TOKEN_EXPIRED_CLOSE_CODE = 4205;

/** What closes a subscription socket: ws's socket, as mercurius hands it over. */
export interface ClosableSocket {
  close: (code: number, reason: string) => void;
}

interface LiveSession {
  userId: string;
  role: string;
  expiryTimer: NodeJS.Timeout | undefined;
}

/**
 * The open subscription sockets and whose they are, so that none outlives its user's right to
 * it: closed at once when this process deletes the user, at the token's expiry, and by a sweep
 * that re-reads each user (changes made by another API node or the command line).
 */
export function createLiveSessions(options: { users: UserSource; sweepMs?: number }) {
  const sessions = new Map<ClosableSocket, LiveSession>();

  function close(socket: ClosableSocket, code: number, reason: string) {
    const session = sessions.get(socket);
    if (session?.expiryTimer) clearTimeout(session.expiryTimer);
    sessions.delete(socket);
    socket.close(code, reason);
  }

  async function sweep(): Promise<void> {
    const userIds = new Set([...sessions.values()].map((session) => session.userId));
    for (const userId of userIds) {
      const user = await options.users.findById(userId);
      for (const [socket, session] of sessions) {
        if (session.userId !== userId) continue;
        if (!user || !user.isActive || user.role !== session.role)
          close(socket, SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
    }
  }

  const sweepTimer = setInterval(
    () => void sweep().catch(() => undefined),
    options.sweepMs ?? 30_000,
  );
  sweepTimer.unref();

  return {
    /** Follows a socket once it subscribes; the same socket again is a no-op. */
    add(
      socket: ClosableSocket,
      viewer: { userId: string; role: string },
      tokenExpiresAtMs: number,
    ): void {
      if (sessions.has(socket)) return;
      const untilExpiry = tokenExpiresAtMs - Date.now();
      const expiryTimer =
        untilExpiry > 2 ** 31 - 1
          ? undefined
          : setTimeout(
              () => close(socket, TOKEN_EXPIRED_CLOSE_CODE, 'Token expired'),
              Math.max(0, untilExpiry),
            );
      expiryTimer?.unref();
      sessions.set(socket, { userId: viewer.userId, role: viewer.role, expiryTimer });
    },
    /** Forgets a socket that closed. */
    remove(socket: ClosableSocket): void {
      const session = sessions.get(socket);
      if (session?.expiryTimer) clearTimeout(session.expiryTimer);
      sessions.delete(socket);
    },
    /** Closes every socket of the user: deleted, deactivated or given another role here. */
    endUser(userId: string): void {
      for (const [socket, session] of sessions)
        if (session.userId === userId) close(socket, SESSION_ENDED_CLOSE_CODE, 'Session ended');
    },
    sweep,
    stop(): void {
      clearInterval(sweepTimer);
      for (const session of sessions.values())
        if (session.expiryTimer) clearTimeout(session.expiryTimer);
      sessions.clear();
    },
  };
}

export type LiveSessions = ReturnType<typeof createLiveSessions>;
