/**
 * The paywall of spec 02 §2/§4 and 03-decisions §4: every 402 answer opens one global modal.
 * This module derives the modal's kind from the error code and keeps the single open paywall in a
 * small store; features/billing/components/paywall-modal.tsx renders it. A page that wants to open
 * the paywall itself (a locked button) calls `openPaywall(...)` too.
 */

export const PAYWALL_KINDS = [
  'limit_reached',
  'feature_locked',
  'trial_ending',
  'usage_warning',
  'subscription_required',
] as const;
export type PaywallKind = (typeof PAYWALL_KINDS)[number];

/** Resources that carry a limit (spec 02 §9); the modal names them in the user's language. */
export const USAGE_RESOURCES = [
  'events',
  'leads',
  'offers',
  'forms',
  'team_members',
  'integrations',
  'storage',
] as const;
export type UsageResource = (typeof USAGE_RESOURCES)[number];

export type Paywall = {
  kind: PaywallKind;
  code: string;
  message: string;
  resource: UsageResource | null;
  currentUsage: number | null;
  limit: number | null;
  feature: string | null;
  subscriptionStatus: string | null;
  trialDaysRemaining: number | null;
  detail: string | null;
};

const KIND_BY_CODE: Record<string, PaywallKind> = {
  USAGE_LIMIT_REACHED: 'limit_reached',
  LIMIT_REACHED: 'limit_reached',
  FEATURE_LOCKED: 'feature_locked',
  PREMIUM_FEATURE: 'feature_locked',
  TRIAL_ENDING: 'trial_ending',
  USAGE_WARNING: 'usage_warning',
  APPROACHING_LIMIT: 'usage_warning',
};

/** Spec 02 §4: anything not listed is subscription_required. */
export function paywallKindFromCode(code: string | null | undefined): PaywallKind {
  return (code !== null && code !== undefined ? KIND_BY_CODE[code] : undefined) ?? 'subscription_required';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function isUsageResource(value: unknown): value is UsageResource {
  return USAGE_RESOURCES.some((resource) => resource === value);
}

/** Normalises "team members", "team-members" and "Team_Members" alike. */
export function toUsageResource(value: unknown): UsageResource | null {
  if (typeof value !== 'string') return null;
  const normalised = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return isUsageResource(normalised) ? normalised : null;
}

/**
 * Reads a 402 error. The payload (code, resource, current_usage, limit, …) is `error.details`;
 * a missing or partial payload still opens the paywall, with what is known.
 */
export function paywallFromError(error: { code: string; message: string; details: unknown }): Paywall {
  const details = isRecord(error.details) ? error.details : {};
  const code = stringOrNull(details.code) ?? error.code;
  return {
    kind: paywallKindFromCode(code),
    code,
    message: error.message,
    resource: toUsageResource(details.resource),
    currentUsage: numberOrNull(details.current_usage),
    limit: numberOrNull(details.limit),
    feature: stringOrNull(details.feature),
    subscriptionStatus: stringOrNull(details.subscription_status),
    trialDaysRemaining: numberOrNull(details.trial_days_remaining),
    detail: stringOrNull(details.detail),
  };
}

/** Spec 02 §5: usage ÷ limit, rounded, capped at 100; 0 without a limit. */
export function usagePercent(usage: number | null, limit: number | null): number {
  if (usage === null || limit === null || limit <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((usage / limit) * 100)));
}

let current: Paywall | null = null;
const listeners = new Set<() => void>();

export function openPaywall(paywall: Paywall): void {
  current = paywall;
  for (const listener of listeners) listener();
}

export function closePaywall(): void {
  if (current === null) return;
  current = null;
  for (const listener of listeners) listener();
}

export function getPaywall(): Paywall | null {
  return current;
}

export function subscribePaywall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
