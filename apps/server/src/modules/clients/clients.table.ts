import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Address,
  ClientPriority,
  ClientStatus,
  ClientType,
  ContactMethod,
  Currency,
  OnboardingStatus,
  PaymentTerms,
  RiskLevel,
  SocialMedia,
} from '@leadcapture/contracts/clients';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { leads } from '../leads/leads.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const emptyAddress = sql`'{"street":"","city":"","state":"","postal_code":"","country":""}'::jsonb`;

/**
 * The clients of an organisation: leads that became customers (convert_to_client) or clients
 * entered directly. `lead_id` is unique: one lead becomes at most one client, which is also what
 * makes two concurrent converts of one lead end with exactly one client.
 */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // The lead is purged 30 days after it is deleted; the client stays.
    leadId: uuid('lead_id').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    clientType: text('client_type').$type<ClientType>().notNull().default('smb'),
    priority: text('priority').$type<ClientPriority>().notNull().default('medium'),
    status: text('status').$type<ClientStatus>().notNull().default('onboarding'),
    companyName: text('company_name').notNull(),
    contactFirstName: text('contact_first_name').notNull().default(''),
    contactLastName: text('contact_last_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactJobTitle: text('contact_job_title').notNull().default(''),
    billingEmail: text('billing_email').notNull().default(''),
    billingAddress: jsonb('billing_address').$type<Address>().notNull().default(emptyAddress),
    deliveryAddress: jsonb('delivery_address').$type<Address>().notNull().default(emptyAddress),
    organizationNumber: text('organization_number').notNull().default(''),
    vatId: text('vat_id').notNull().default(''),
    paymentTerms: text('payment_terms').$type<PaymentTerms>(),
    creditLimit: money('credit_limit'),
    estimatedValue: money('estimated_value'),
    actualValue: money('actual_value'),
    lifetimeValue: money('lifetime_value'),
    acquisitionCost: money('acquisition_cost'),
    currency: text('currency').$type<Currency>().notNull().default('usd'),
    industry: text('industry'),
    companySize: text('company_size'),
    website: text('website').notNull().default(''),
    socialMedia: jsonb('social_media').$type<SocialMedia>().notNull().default({}),
    preferredContactMethod: text('preferred_contact_method').$type<ContactMethod>(),
    timezone: text('timezone'),
    language: text('language'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    customFields: jsonb('custom_fields').$type<Record<string, string | number | boolean>>().notNull().default({}),
    lastContactDate: timestamp('last_contact_date', { withTimezone: true, mode: 'date' }),
    nextFollowUpDate: timestamp('next_follow_up_date', { withTimezone: true, mode: 'date' }),
    relationshipManager: uuid('relationship_manager').references(() => users.id, { onDelete: 'set null' }),
    onboardingStatus: text('onboarding_status').$type<OnboardingStatus>().notNull().default('not_started'),
    satisfactionScore: integer('satisfaction_score'),
    riskAssessment: text('risk_assessment').$type<RiskLevel>(),
    renewalDate: date('renewal_date', { mode: 'string' }),
    contractEndDate: date('contract_end_date', { mode: 'string' }),
    successProbability: integer('success_probability'),
    conversionDate: timestamp('conversion_date', { withTimezone: true, mode: 'date' }),
    convertedBy: uuid('converted_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('clients_organization_created_idx').on(t.organizationId, t.createdAt),
    index('clients_organization_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('clients_organization_manager_idx').on(t.organizationId, t.relationshipManager),
    index('clients_organization_conversion_idx').on(t.organizationId, t.conversionDate),
    index('clients_tags_idx').using('gin', t.tags),
    uniqueIndex('clients_lead_key').on(t.leadId),
    ...tenantPolicies('clients', t.organizationId),
  ],
).enableRLS();
