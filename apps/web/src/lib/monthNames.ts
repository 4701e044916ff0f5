/** The month's name (0 January … 11 December) in the language. */
export function monthName(month: number, language: string, style: 'long' | 'short' = 'long') {
  return new Date(Date.UTC(2001, month, 1)).toLocaleString(language, {
    month: style,
    timeZone: 'UTC',
  });
}

/** The weekday's name (0 Monday … 6 Sunday) in the language. */
export function weekdayName(weekday: number, language: string) {
  // 1 January 2001 was a Monday.
  return new Date(Date.UTC(2001, 0, 1 + weekday)).toLocaleString(language, {
    weekday: 'short',
    timeZone: 'UTC',
  });
}
