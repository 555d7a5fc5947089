import {
  COMPANY_SIZES,
  type BudgetRange,
  type DecisionRole,
  type DecisionTimeline,
  type LeadInterest,
  type LeadStatus,
  type MANUAL_SOURCES,
} from '@leadcapture/contracts/constants';
import type { CreateLeadData, Lead, UpdateLeadData } from '@leadcapture/contracts/leads';

/**
 * What the lead form edits: the contract's fields in the contract's types (dates as ISO, the
 * manual score as a number or null), so the form validates with createLeadSchema and
 * updateLeadSchema as they are. Only the controls translate (datetime-local, number, selects).
 */
export type LeadFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string;
  job_title: string;
  company_size: '' | (typeof COMPANY_SIZES)[number];
  source: (typeof MANUAL_SOURCES)[number];
  status: LeadStatus;
  interest: LeadInterest | null;
  budget_range: BudgetRange;
  decision_timeline: DecisionTimeline;
  decision_role: DecisionRole;
  interested_products: string[];
  tags: string[];
  assigned_to: string | null;
  notes: string;
  follow_up_date: string | null;
  event: string | null;
  manual_score: number | null;
};

/** What a valid form gives: the body of POST /leads/ (with source) or PATCH /leads/{id}/ (without). */
export type LeadFormOutput = UpdateLeadData & { source?: CreateLeadData['source'] };

export const LEAD_FORM_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'job_title',
  'company_size',
  'source',
  'status',
  'interest',
  'budget_range',
  'decision_timeline',
  'decision_role',
  'interested_products',
  'tags',
  'assigned_to',
  'notes',
  'follow_up_date',
  'event',
  'manual_score',
] as const satisfies readonly (keyof LeadFormValues)[];
export type LeadFormField = (typeof LEAD_FORM_FIELDS)[number];

export const EMPTY_LEAD: LeadFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  company: '',
  job_title: '',
  company_size: '',
  source: 'manual',
  status: 'new',
  interest: null,
  budget_range: 'not_specified',
  decision_timeline: 'not_specified',
  decision_role: 'not_specified',
  interested_products: [],
  tags: [],
  assigned_to: null,
  notes: '',
  follow_up_date: null,
  event: null,
  manual_score: null,
};

const isCompanySize = (v: string): v is LeadFormValues['company_size'] =>
  v === '' || (COMPANY_SIZES as readonly string[]).includes(v);

export function valuesFromLead(lead: Lead): LeadFormValues {
  return {
    first_name: lead.first_name,
    last_name: lead.last_name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    job_title: lead.job_title,
    // A size from an import that is no band shows as "not given" rather than breaking the form.
    company_size: isCompanySize(lead.company_size) ? lead.company_size : '',
    // Not editable after creation (updateLeadSchema has no source); kept for the type only.
    source: 'manual',
    status: lead.status,
    interest: lead.interest,
    budget_range: lead.budget_range,
    decision_timeline: lead.decision_timeline,
    decision_role: lead.decision_role,
    interested_products: lead.interested_products,
    tags: lead.tags,
    assigned_to: lead.assigned_to,
    notes: lead.notes,
    follow_up_date: lead.follow_up_date,
    event: lead.event,
    manual_score: lead.manual_score,
  };
}

/**
 * A 422's `details` keyed by the form's fields: `tags.2` and `interested_products.0` are about
 * the chip inputs as a whole; keys that name no field are returned apart (a form alert).
 */
export function serverErrorsByField(details: Record<string, string[]>): {
  fields: Partial<Record<LeadFormField, string>>;
  other: string[];
} {
  const fields: Partial<Record<LeadFormField, string>> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(details)) {
    const top = key.split('.')[0] ?? key;
    const field = LEAD_FORM_FIELDS.find((f) => f === top);
    const message = messages.join(' ');
    if (field === undefined) other.push(message);
    else fields[field] = fields[field] === undefined ? message : `${fields[field]} ${message}`;
  }
  return { fields, other };
}
