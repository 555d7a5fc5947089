/** Day arithmetic shared by the analytics answers: UTC days, as the counters are kept. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of the UTC day `date` falls in. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` UTC days up to and including today's: first day's start, and each date. */
export function lastDays(days: number, now: Date = new Date()): { start: Date; dates: string[] } {
  const start = new Date(Date.parse(utcDay(now)) - (days - 1) * DAY_MS);
  const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(start.getTime() + i * DAY_MS)));
  return { start, dates };
}

/** part / whole as a percentage with one decimal; 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
