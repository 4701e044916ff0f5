/** A device's last report as text in the user's language; a dash when it never reported. */
export function lastSeenText(lastSeenAt: string | null, locale: string): string {
  if (!lastSeenAt) return '—';
  return new Date(lastSeenAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
