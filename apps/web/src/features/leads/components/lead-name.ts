import type { Lead } from '@leadcapture/contracts/leads';

/** "Vera Berg", else the email, else a dash: a lead always has something to be called by. */
export function leadName(lead: Pick<Lead, 'first_name' | 'last_name' | 'email'>): string {
  return `${lead.first_name} ${lead.last_name}`.trim() || lead.email || '—';
}

/** Whole days from `from` to `to` (never negative). */
export function daysBetween(from: string | Date, to: Date = new Date()): number {
  const ms = to.getTime() - new Date(from).getTime();
  return Math.max(0, Math.floor(ms / 86_400_000));
}

/** Whether a follow-up time has passed. */
export function isOverdue(followUp: string | null, now: number = Date.now()): boolean {
  return followUp !== null && new Date(followUp).getTime() < now;
}
