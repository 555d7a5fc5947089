/** An event as the API answers it, for page tests of the events feature. */
export const eventId = '00000000-0000-4000-8000-0000000000e1';

export function anEvent(changes: Record<string, unknown> = {}) {
  return {
    id: eventId,
    name: 'Nordic Expo',
    slug: 'nordic-expo',
    description: 'Three days of booths.',
    start_date: '2027-03-12T08:00:00.000Z',
    end_date: '2027-03-14T16:00:00.000Z',
    location: 'Stockholmsmässan',
    website: 'https://expo.example',
    primary_color: '#4f46e5',
    welcome_message: 'Win a coffee machine!',
    consent_text: '',
    logo_url: null,
    status: 'upcoming',
    manual_status: 'active',
    leads_captured: 42,
    public_url: 'http://localhost:3000/capture/nordic-expo',
    short_url: 'http://localhost:3000/p/e4k7m2x9q0z1',
    qr_code_url: `http://localhost:3000/api/v1/events/${eventId}/qr-code/`,
    form_fields: [],
    settings: {
      start_active: true,
      email_verification: false,
      analytics_tracking: true,
      require_approval: false,
      quick_actions: true,
    },
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...changes,
  };
}

export const page = (results: unknown[], count = results.length) => ({ results, count, next: null, previous: null });
