import { leadId, memberId } from '../../leads/test/fixtures.ts';
import { me } from '../../../test/fake-server.ts';

/** Clients and their stats as the API answers them, for the clients feature's page tests. */
export const clientId = '00000000-0000-4000-8000-0000000000c1';
export const otherClientId = '00000000-0000-4000-8000-0000000000c2';

const emptyAddress = { street: '', city: '', state: '', postal_code: '', country: '' };

export function aClient(changes: Record<string, unknown> = {}) {
  return {
    id: clientId,
    client_type: 'enterprise',
    priority: 'high',
    status: 'onboarding',
    company_name: 'Berg AB',
    contact_first_name: 'Vera',
    contact_last_name: 'Berg',
    contact_email: 'vera@berg.se',
    contact_phone: '+46 70 123 45 67',
    contact_job_title: 'CTO',
    billing_email: 'faktura@berg.se',
    billing_address: { street: 'Storgatan 1', city: 'Umeå', state: '', postal_code: '903 26', country: 'se' },
    delivery_address: emptyAddress,
    organization_number: '556677-8899',
    vat_id: 'SE556677889901',
    payment_terms: 'net_30',
    credit_limit: 50000,
    estimated_value: 12500.5,
    actual_value: null,
    lifetime_value: null,
    acquisition_cost: 300,
    currency: 'sek',
    industry: 'technology',
    company_size: '51-200',
    website: 'https://berg.se',
    social_media: { linkedin: 'https://linkedin.com/company/berg' },
    preferred_contact_method: 'email',
    timezone: 'Europe/Stockholm',
    language: 'sv',
    tags: ['expo', 'VIP'],
    notes: 'Met at the fair.',
    custom_fields: { booth: 'A12', 'Wants a demo': true },
    last_contact_date: '2026-11-20T10:00:00.000Z',
    next_follow_up_date: null,
    relationship_manager: memberId,
    onboarding_status: 'not_started',
    satisfaction_score: 8,
    risk_assessment: 'low',
    renewal_date: '2027-11-01',
    contract_end_date: null,
    success_probability: 70,
    conversion_date: '2026-11-22T09:00:00.000Z',
    converted_by: me.id,
    lead: leadId,
    created_at: '2026-11-22T09:00:00.000Z',
    updated_at: '2026-11-22T09:00:00.000Z',
    ...changes,
  };
}

const months = () =>
  Array.from({ length: 12 }, (_, i) => ({
    month: `${i < 2 ? 2025 : 2026}-${String(((i + 10) % 12) + 1).padStart(2, '0')}`,
    count: i === 11 ? 2 : i === 9 ? 1 : 0,
  }));

export function someStats(changes: Record<string, unknown> = {}) {
  return {
    total: 2,
    by_status: { active: 1, inactive: 0, prospecting: 0, onboarding: 1, at_risk: 0, churned: 0 },
    by_type: { enterprise: 1, smb: 1, startup: 0, individual: 0, nonprofit: 0, government: 0 },
    values: [
      {
        currency: 'sek',
        clients: 2,
        estimated_value: { total: 15000.5, average: 7500.25 },
        actual_value: { total: 0, average: null },
        lifetime_value: { total: 0, average: null },
      },
    ],
    conversions_by_month: months(),
    ...changes,
  };
}
