/** User and organisation preferences, stored as JSON: 64 KiB is hundreds of saved filters. */
export const MAX_PREFERENCES_BYTES = 64 * 1024;

/** The size of preferences as stored: their JSON in UTF-8 bytes. */
export function preferencesBytes(preferences: Record<string, unknown>): number {
  return new TextEncoder().encode(JSON.stringify(preferences)).length;
}

/** Why these preferences cannot be kept, or null when they fit. */
export function preferencesSizeProblem(preferences: Record<string, unknown>): string | null {
  const bytes = preferencesBytes(preferences);
  if (bytes <= MAX_PREFERENCES_BYTES) return null;
  const kilobytes = (value: number) => `${Math.ceil(value / 1024)} KB`;
  return `Preferences are limited to ${kilobytes(MAX_PREFERENCES_BYTES)}; these would be ${kilobytes(bytes)}. Remove some saved filters or profiles first.`;
}
