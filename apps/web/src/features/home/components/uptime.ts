export type UptimeParts = { days: number; hours: number; minutes: number; seconds: number };

/** Whole days, hours, minutes and seconds; negative or fractional input is clamped/floored. */
export function splitUptime(totalSeconds: number): UptimeParts {
  const total = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/**
 * Which translation to use: only the two most significant units are shown, because
 * "3 d 4 h 12 min 9 s" is noise on a status card.
 */
export function uptimeUnit(parts: UptimeParts): 'days' | 'hours' | 'minutes' | 'seconds' {
  if (parts.days > 0) return 'days';
  if (parts.hours > 0) return 'hours';
  if (parts.minutes > 0) return 'minutes';
  return 'seconds';
}
