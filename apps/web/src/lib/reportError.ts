/**
 * The one way the app reports an error: to the console for developers and to the server's
 * error log, so that uncaught problems are seen by the team. Never throws.
 */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  console.error(error);
  const body = JSON.stringify({
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    path: window.location.pathname,
    ...context,
  });
  try {
    void fetch('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting must never break the page that is already failing.
  }
}
