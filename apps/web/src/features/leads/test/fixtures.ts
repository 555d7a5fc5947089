import { me } from '../../../test/fake-server.ts';

/** Leads, activities and members as the API answers them, for the leads feature's page tests. */
export const leadId = '00000000-0000-4000-8000-0000000000a1';
export const otherLeadId = '00000000-0000-4000-8000-0000000000a2';
export const eventId = '00000000-0000-4000-8000-0000000000e1';
export const memberId = '00000000-0000-4000-8000-0000000000b1';
export const secondMemberId = '00000000-0000-4000-8000-0000000000b2';

export function aLead(changes: Record<string, unknown> = {}) {
  return {
    id: leadId,
    first_name: 'Vera',
    last_name: 'Berg',
    email: 'vera@berg.se',
    phone: '+46 70 123 45 67',
    company: 'Berg AB',
    job_title: 'CTO',
    company_size: '51-200',
    source: 'qr_scan',
    status: 'new',
    interest: 'hot',
    score: 89,
    auto_score: 89,
    manual_score: null,
    budget_range: '5000_10000',
    decision_timeline: '1_3_months',
    decision_role: 'decision_maker',
    interested_products: ['Badge scanners'],
    tags: ['expo'],
    assigned_to: memberId,
    notes: '',
    follow_up_date: null,
    event: eventId,
    offer: null,
    client: null,
    custom_fields: {},
    approval_status: 'approved',
    email_verified: true,
    consent_text: 'I agree to be contacted.',
    consent_given_at: '2026-11-21T10:00:00.000Z',
    attribution: { utm_source: 'linkedin', utm_campaign: 'expo-2026' },
    deleted_at: null,
    merged_into: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...changes,
  };
}

export const page = (results: unknown[], count = results.length) => ({
  results,
  count,
  count_exact: true,
  held_count: 0,
  next: null,
  previous: null,
});

export function aMember(changes: Record<string, unknown> = {}) {
  return {
    id: memberId,
    first_name: 'Sam',
    last_name: 'Seller',
    email: 'sam@booth.se',
    role: 'member',
    is_active: true,
    ...changes,
  };
}

export const members = () =>
  page([
    aMember(),
    aMember({ id: secondMemberId, first_name: 'Kim', last_name: 'Closer', email: 'kim@booth.se' }),
    aMember({ id: me.id, first_name: 'Ada', last_name: 'Lovelace', email: me.email, role: 'owner' }),
    aMember({
      id: '00000000-0000-4000-8000-0000000000b9',
      first_name: 'Vic',
      last_name: 'Viewer',
      email: 'vic@booth.se',
      role: 'viewer',
    }),
  ]);

let activityCounter = 0;
export function anActivity(changes: Record<string, unknown> = {}) {
  activityCounter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(activityCounter).padStart(12, '0')}`,
    lead: leadId,
    type: 'note',
    description: '',
    metadata: {},
    user: { id: me.id, name: 'Ada Lovelace' },
    created_at: '2026-11-21T11:00:00.000Z',
    updated_at: '2026-11-21T11:00:00.000Z',
    ...changes,
  };
}

export function aScore(changes: Record<string, unknown> = {}) {
  return {
    score: 89,
    auto_score: 89,
    manual_score: null,
    lines: [
      { factor: 'interest', value: 'hot', points: 30 },
      { factor: 'decision_role', value: 'decision_maker', points: 20 },
      { factor: 'budget_range', value: '5000_10000', points: 10 },
      { factor: 'decision_timeline', value: '1_3_months', points: 12 },
      { factor: 'company_size', value: '51-200', points: 6 },
      { factor: 'source', value: 'qr_scan', points: 5 },
      { factor: 'activity', value: '3', points: 6 },
    ],
    ...changes,
  };
}

export const orgMembersPath = `/organizations/${me.current_organization.id}/members/`;
