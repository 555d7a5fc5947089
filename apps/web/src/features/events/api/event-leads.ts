import {
  pageLeadsQueryKey,
  pageLeadsQueryOptions,
  PAGE_LEADS_PAGE_SIZE,
  useDecidePageLeadApproval,
  usePageLeads,
  type PageLeadFilters,
} from '../../../lib/page-leads.ts';

/** An event's leads (`GET /events/{id}/leads/`): lib/page-leads.ts, shared with offers. */
export type EventLeadFilters = PageLeadFilters;
export type { ApprovalDecision } from '../../../lib/page-leads.ts';

export const EVENT_LEADS_PAGE_SIZE = PAGE_LEADS_PAGE_SIZE;

export const eventLeadsQueryKey = (eventId: string) => pageLeadsQueryKey(`/events/${eventId}`);

export function eventLeadsQueryOptions(eventId: string, filters: EventLeadFilters) {
  return pageLeadsQueryOptions(`/events/${eventId}`, filters);
}

export function useEventLeads(eventId: string, filters: EventLeadFilters, { enabled = true } = {}) {
  return usePageLeads(`/events/${eventId}`, filters, { enabled });
}

/** Approve or reject a pending lead of the event (optimistic; see lib/page-leads.ts). */
export function useDecideLeadApproval(eventId: string) {
  return useDecidePageLeadApproval(`/events/${eventId}`);
}
