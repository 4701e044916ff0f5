/**
 * The demo account is one account shared by every visitor, which the server keeps as it is
 * (issue 38). What a visitor changes of it (preferences such as map profiles, quick filters and
 * the tour, and the stored filterset) is kept in their own browser instead, under the account's
 * id, and laid over what the server answers.
 */
const STORAGE_KEY = 'roadcount.demoChanges';

interface DemoChanges {
  userId: string;
  preferences: Record<string, unknown>;
}

function read(): DemoChanges | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (
      stored &&
      typeof stored === 'object' &&
      typeof (stored as DemoChanges).userId === 'string' &&
      typeof (stored as DemoChanges).preferences === 'object'
    )
      return stored as DemoChanges;
  } catch {
    // Unreadable: as if nothing were kept.
  }
  return null;
}

function write(changes: DemoChanges) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(changes));
}

/** Notes that `userId`, whose profile says so, is the demo account (another's changes go). */
export function markDemoAccount(userId: string): void {
  if (read()?.userId !== userId) write({ userId, preferences: {} });
}

/** Whether `userId` is the demo account, as its profile said in this browser. */
export function isDemoAccount(userId: string | undefined): boolean {
  return userId !== undefined && read()?.userId === userId;
}

/** The preferences this browser keeps for the demo account `userId` (none for anyone else). */
export function demoPreferences(userId: string): Record<string, unknown> {
  const changes = read();
  return changes?.userId === userId ? changes.preferences : {};
}

/** Merges keys into the preferences this browser keeps for the demo account `userId`. */
export function keepDemoPreferences(userId: string, preference: Record<string, unknown>): void {
  write({ userId, preferences: { ...demoPreferences(userId), ...preference } });
}
