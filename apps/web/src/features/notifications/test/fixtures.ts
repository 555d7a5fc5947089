/** Notifications as the API answers them, for the notifications feature's tests. */
export const notificationId = '00000000-0000-4000-8000-0000000000c1';
export const otherNotificationId = '00000000-0000-4000-8000-0000000000c2';
export const followUpLeadId = '00000000-0000-4000-8000-0000000000a1';

export function aNotification(changes: Record<string, unknown> = {}) {
  return {
    id: notificationId,
    category: 'leads',
    type: 'lead_follow_up_due',
    priority: 'normal',
    data: {
      lead_id: followUpLeadId,
      lead_name: 'Greta Holm',
      company: 'Fjord AB',
      follow_up_date: '2026-11-23T09:00:00.000Z',
    },
    link: `/leads/${followUpLeadId}`,
    is_read: false,
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...changes,
  };
}

export function inboxPage(results: unknown[], count = results.length) {
  return { results, count, next: null, previous: null };
}
