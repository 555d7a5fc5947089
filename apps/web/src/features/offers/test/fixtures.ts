/** An offer as the API answers it, for page tests of the offers feature. */
export const offerId = '00000000-0000-4000-8000-0000000000f1';

export function anOffer(changes: Record<string, unknown> = {}) {
  return {
    id: offerId,
    title: 'Free booth demo',
    slug: 'free-booth-demo',
    description: 'Book a 15-minute demo at our stand.',
    success_message: 'Thanks! We will be in touch within one business day.',
    consent_text: '',
    is_published: false,
    status: 'draft',
    public_url: 'http://localhost:3000/show/free-booth-demo',
    qr_code_url: `http://localhost:3000/api/v1/offers/${offerId}/qr-code/`,
    form_fields: [],
    settings: { require_approval: false },
    page_views: 200,
    submissions: 25,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...changes,
  };
}

export const page = (results: unknown[], count = results.length) => ({ results, count, next: null, previous: null });
