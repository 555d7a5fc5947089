import type { LiveMessage } from '@leadcapture/contracts/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { notificationsQueryKey } from '../notifications/api/notifications.ts';
import { leadDetailQueryKey, leadListsQueryKey } from '../leads/api/leads.ts';
import { eventsQueryKey } from '../events/api/events.ts';
import { offersQueryKey } from '../offers/api/offers.ts';

/** Messages arriving within this window cost one refetch per query, not one per message. */
export const INVALIDATE_DELAY_MS = 300;

/** The fields of a lead message the app reads (the whole Lead is sent; nothing else is relied on). */
type LeadData = {
  id?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  email?: unknown;
  company?: unknown;
  assigned_to?: unknown;
  event?: unknown;
  offer?: unknown;
};

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** `event` and `offer` are `{id, name}` or null on a Lead. */
const idOf = (value: unknown): string =>
  typeof value === 'object' && value !== null ? str((value as { id?: unknown }).id) : '';

/** What a message makes stale: the query keys (prefixes) of what shows it. */
export function staleKeys(message: LiveMessage): QueryKey[] {
  switch (message.type) {
    case 'lead.created':
    case 'lead.updated':
    case 'lead.deleted': {
      const lead = (message.data ?? {}) as LeadData;
      const id = str(lead.id);
      const event = idOf(lead.event);
      const offer = idOf(lead.offer);
      return [
        leadListsQueryKey,
        ...(message.type === 'lead.updated' && id ? [leadDetailQueryKey(id)] : []),
        // The event's leads panel and figures, and the lead counts of the events list; a deleted
        // lead names no event, so every event's.
        ...(event
          ? [
              [...eventsQueryKey, event],
              [...eventsQueryKey, 'list'],
            ]
          : [eventsQueryKey]),
        ...(offer ? [[...offersQueryKey, offer, 'leads']] : message.type === 'lead.deleted' ? [offersQueryKey] : []),
      ];
    }
    case 'leads.bulk_updated':
    case 'leads.imported':
      return [['leads'], eventsQueryKey, offersQueryKey];
    case 'notification.created':
      return [notificationsQueryKey];
    case 'analytics.updated':
      // The Lobby's figures and the analytics page: every key of the analytics API.
      return [['analytics']];
    default:
      return [];
  }
}

/** Everything a live message can touch: refetched after a reconnect, when messages may have been missed. */
export const RECONNECT_KEYS: QueryKey[] = [
  ['leads'],
  eventsQueryKey,
  offersQueryKey,
  notificationsQueryKey,
  ['analytics'],
];

/**
 * Collects stale keys and invalidates them together INVALIDATE_DELAY_MS after the first, so a
 * burst of captures at a busy booth causes one refetch of the list, not fifty.
 */
export function createInvalidator(queryClient: QueryClient, delayMs = INVALIDATE_DELAY_MS) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    add(keys: readonly QueryKey[]) {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      if (pending.size > 0 && timer === undefined) timer = setTimeout(flush, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

/** A new lead assigned to this user: what its toast says and where it leads. */
export function assignedLead(
  message: LiveMessage,
  userId: string,
): { id: string; name: string; company: string } | null {
  if (message.type !== 'lead.created') return null;
  const lead = (message.data ?? {}) as LeadData;
  const id = str(lead.id);
  if (!id || lead.assigned_to !== userId) return null;
  const name = `${str(lead.first_name)} ${str(lead.last_name)}`.trim() || str(lead.email);
  return { id, name, company: str(lead.company) };
}
