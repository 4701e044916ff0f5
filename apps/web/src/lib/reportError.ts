/** The longest text of each field the server accepts (clientErrors.routes.ts). */
const REPORT_LIMITS: Record<string, number> = {
  message: 2000,
  stack: 8000,
  componentStack: 4000,
  path: 2000,
  kind: 100,
};

/**
 * The one way the app reports an error: to the console for developers and to the server's
 * error log, so that uncaught problems are seen by the team. Never throws.
 */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  console.error(error);
  const report: Record<string, unknown> = {
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    path: window.location.pathname,
    ...context,
  };
  // The server takes reports of at most 16 KB: long texts are clipped, not refused.
  for (const [key, limit] of Object.entries(REPORT_LIMITS)) {
    const value = report[key];
    if (typeof value === 'string') report[key] = value.slice(0, limit);
  }
  const body = JSON.stringify(report);
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
