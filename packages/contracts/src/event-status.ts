import type { EventManualStatus, EventStatus } from './constants.ts';

/**
 * Statuses read from the dates of an active event, never stored: an event set to `active` by
 * hand reads as `upcoming` before its start and `completed` after its end, with no job having
 * to flip it at midnight. Zod-free so the web bundle can show the same status the server does.
 */
export const EVENT_DERIVED_STATUSES = ['upcoming', 'completed'] as const satisfies readonly EventStatus[];

type DateLike = Date | string | null | undefined;

function timeOf(value: DateLike): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const t = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(t) ? undefined : t;
}

/**
 * The status an event shows: draft, inactive and cancelled as set by hand; an active event is
 * upcoming before `start`, completed after `end`, else active. A missing date never derives.
 * The server's list filter (events.service.ts) encodes exactly these boundaries in SQL.
 */
export function deriveEventStatus(
  manual: EventManualStatus,
  start: DateLike,
  end: DateLike,
  now: Date = new Date(),
): EventStatus {
  if (manual !== 'active') return manual;
  const t = now.getTime();
  const startsAt = timeOf(start);
  if (startsAt !== undefined && t < startsAt) return 'upcoming';
  const endsAt = timeOf(end);
  if (endsAt !== undefined && t > endsAt) return 'completed';
  return 'active';
}

/** The status set by hand behind a shown one (what an edit form preselects). */
export function manualStatusOf(status: EventStatus): EventManualStatus {
  return status === 'upcoming' || status === 'completed' ? 'active' : status;
}
