/** SPEC section 9: the websocket backoff starts at 500 ms, doubles per attempt and stops at 10 s. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 10_000;

/**
 * Milliseconds to wait before reconnect attempt `attempt` (0 for the first): the doubled delay,
 * capped at 10 s, with "equal jitter" (half fixed, half random) so that many clients dropped
 * together do not all come back in the same instant.
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return ceiling / 2 + (random() * ceiling) / 2;
}
