/** Product constants of spec 01 §9 and spec 02 §9, shared by server and web. */

export const UI_LANGUAGES = ['en', 'sv'] as const;
/** Languages offered on the profile (the UI itself is en and sv). */
export const PROFILE_LANGUAGES = ['en', 'sv', 'es', 'fr', 'de', 'ja', 'zh'] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

/** Timezones offered on the profile (ET, CT, MT, PT, London, Paris, Tokyo, Shanghai) plus UTC. */
export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Europe/Stockholm',
  'Asia/Tokyo',
  'Asia/Shanghai',
] as const;

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

export const INDUSTRIES = [
  'technology',
  'finance',
  'healthcare',
  'retail',
  'manufacturing',
  'education',
  'real_estate',
  'consulting',
  'media',
  'non_profit',
  'other',
] as const;

export const COUNTRIES = ['us', 'ca', 'gb', 'au', 'de', 'fr', 'jp', 'br', 'in', 'cn', 'se'] as const;

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const TRIAL_DAYS = 14;
/** Usage warns from this share of a limit (spec 02 §9: headers, banners, owners told, yellow bars). */
export const USAGE_WARNING_PERCENT = 80;
/** Usage is critical from this share of a limit (spec 02 §9: red bars). */
export const USAGE_CRITICAL_PERCENT = 95;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Event statuses (spec 01 §4). draft, active, inactive and cancelled are set by hand; an active
 * event reads as upcoming before its start and completed after its end (docs/events.md).
 */
export const EVENT_STATUSES = ['active', 'upcoming', 'completed', 'cancelled', 'draft', 'inactive'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_MANUAL_STATUSES = ['draft', 'active', 'inactive', 'cancelled'] as const;
export type EventManualStatus = (typeof EVENT_MANUAL_STATUSES)[number];

export const LEAD_STATUSES = [
  'new',
  'contacted',
  'qualified',
  'unqualified',
  'converted',
  'lost',
  'demo_scheduled',
  'proposal_sent',
  'closed_won',
  'closed_lost',
  'nurturing',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_INTERESTS = ['hot', 'warm', 'cold'] as const;
export type LeadInterest = (typeof LEAD_INTERESTS)[number];

/** Sources a visitor's capture can carry (spec 01 §9). */
export const CAPTURE_SOURCES = ['qr_scan', 'booth_visit', 'referral', 'website', 'direct', 'other'] as const;
/** Sources offered when a lead is created by hand (spec 01 §9). */
export const MANUAL_SOURCES = [
  'manual',
  'event',
  'social_media',
  'email_marketing',
  'cold_outreach',
  'partner',
  'referral',
  'website',
  'other',
] as const;
/** Every source a lead can have: capture, manual create, import and the API. */
export const LEAD_SOURCES = [
  'qr_scan',
  'booth_visit',
  'referral',
  'website',
  'direct',
  'other',
  'manual',
  'event',
  'social_media',
  'email_marketing',
  'cold_outreach',
  'partner',
  'import',
  'api',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const DECISION_ROLES = ['decision_maker', 'influencer', 'not_involved', 'not_specified'] as const;
export type DecisionRole = (typeof DECISION_ROLES)[number];

export const BUDGET_RANGES = [
  'under_1000',
  '1000_5000',
  '5000_10000',
  '10000_25000',
  'over_25000',
  'not_specified',
] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];

export const DECISION_TIMELINES = [
  'asap',
  '1_3_months',
  '3_6_months',
  '6_12_months',
  'next_year',
  'not_specified',
] as const;
export type DecisionTimeline = (typeof DECISION_TIMELINES)[number];

/** A lead of an event with require_approval waits as pending until approved or rejected. */
export const APPROVAL_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Periods in days the Lobby offers (spec 01 §9 analytics ranges; custom and all-time come with Analytics). */
export const OVERVIEW_PERIODS = [7, 30, 90, 365] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

/**
 * Days a deleted lead stays in the bin, restorable, before it is purged for good. Here, not in
 * leads.ts, so the web's leads list can say it without loading zod.
 */
export const LEAD_RETENTION_DAYS = 30;

/** The onboarding wizard's steps, in order (spec 01 §4); `complete` is the last screen. */
export const ONBOARDING_STEPS = ['welcome', 'create_event', 'setup_forms', 'dashboard_tour', 'complete'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
