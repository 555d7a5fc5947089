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
    short_url: 'http://localhost:3000/p/o4k7m2x9q0z1',
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

export const leadId = '00000000-0000-4000-8000-0000000000a1';

/** A lead the offer's form collected, as `GET /offers/{id}/leads/` answers it. */
export function aLead(changes: Record<string, unknown> = {}) {
  return {
    id: leadId,
    first_name: 'Vera',
    last_name: 'Berg',
    email: 'vera@berg.se',
    phone: '',
    company: 'Berg AB',
    job_title: '',
    company_size: '51-200',
    source: 'qr_scan',
    status: 'new',
    interest: 'hot',
    score: 40,
    auto_score: 40,
    manual_score: null,
    budget_range: '5000_10000',
    decision_timeline: '1_3_months',
    decision_role: 'decision_maker',
    interested_products: [],
    tags: [],
    assigned_to: null,
    notes: '',
    follow_up_date: null,
    event: null,
    offer: offerId,
    client: null,
    custom_fields: {},
    approval_status: 'pending',
    email_verified: false,
    consent_text: '',
    consent_given_at: null,
    attribution: {},
    deleted_at: null,
    merged_into: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...changes,
  };
}
