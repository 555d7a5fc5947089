/**
 * Every audit action code the server writes, grouped by the category an owner filters by on the
 * Audit log page. `recordAudit` takes an `AuditAction`, so a new code cannot be written without
 * being listed here (and, through the web's test that walks this list, given words in en and sv).
 */
export const AUDIT_ACTIONS_BY_CATEGORY = {
  account: [
    'auth.registered',
    'auth.login',
    'auth.login_failed',
    'auth.logout',
    'auth.token_refreshed',
    'auth.refresh_reuse_detected',
    'auth.identity_linked',
    'auth.profile_updated',
    'auth.password_changed',
    'auth.password_reset_requested',
    'auth.password_reset',
    'auth.email_verified',
    'auth.verification_resent',
    'auth.organization_switched',
    'auth.onboarding_completed',
    'auth.onboarding_skipped',
    'auth.account_deleted',
  ],
  team: ['membership.created', 'membership.updated', 'membership.availability_updated', 'membership.deleted'],
  invitations: ['invitation.created', 'invitation.resent', 'invitation.withdrawn', 'invitation.accepted'],
  leads: [
    'lead.created',
    'lead.updated',
    'lead.approved',
    'lead.rejected',
    'lead.deleted',
    'lead.restored',
    'lead.merged',
    'lead.converted',
    'lead.purged',
    'lead.scoring_rules_updated',
  ],
  clients: ['client.created', 'client.updated', 'client.deleted'],
  events: [
    'event.created',
    'event.updated',
    'event.deleted',
    'event.form_updated',
    'event.logo_updated',
    'event.logo_removed',
    'event.assignment_updated',
    'event.scoring_rules_updated',
    'event_template.created',
    'event_template.deleted',
    'offer.created',
    'offer.updated',
    'offer.deleted',
    'offer.activated',
    'offer.archived',
    'offer.duplicated',
    'offer.field_added',
    'offer.field_updated',
    'offer.field_deleted',
    'offer.fields_reordered',
    'offer.assignment_updated',
    'offer.scoring_rules_updated',
  ],
  data: [
    'data.exported',
    'lead.exported',
    'lead.import_checked',
    'lead.import_started',
    'lead.imported',
    'lead.import_undone',
    'client.import_checked',
    'client.imported',
    'lead.bulk_status',
    'lead.bulk_assign',
    'lead.bulk_tag',
    'lead.bulk_tags',
    'lead.bulk_event',
    'lead.bulk_delete',
    'lead.bulk_restore',
    'file.uploaded',
    'file.deleted',
  ],
  api_keys: ['api_key.created', 'api_key.updated', 'api_key.regenerated', 'api_key.revoked'],
  webhooks: [
    'webhook.created',
    'webhook.updated',
    'webhook.deleted',
    'webhook.secret_rotated',
    'integration.connected',
    'integration.configured',
    'integration.sync_requested',
    'integration.disconnected',
    'zapier.subscribed',
    'zapier.unsubscribed',
  ],
  billing: [
    'subscription.started',
    'subscription.upgraded',
    'subscription.downgrade_scheduled',
    'subscription.canceled',
    'subscription.resumed',
    'subscription.updated',
    'subscription.period_ended',
    'subscription.ended',
    'billing.customer_created',
    'billing.customer_updated',
    'billing.checkout_started',
    'billing.checkout_completed',
    'billing.payment_method_added',
    'billing.payment_method_default',
    'billing.payment_method_deleted',
    'invoice.issued',
    'invoice.paid',
    'payment.succeeded',
  ],
  staff: [
    'staff.impersonation_started',
    'impersonation.request',
    'staff.impersonation_ended',
    'staff.login',
    'staff.login_failed',
    'staff.totp_enrolled',
    'staff.recovery_code_used',
    'staff.user_lock',
    'staff.user_unlock',
    'staff.user_force_password_reset',
    'staff.user_resend_verification',
    'staff.user_revoke_sessions',
    'staff.settings_changed',
  ],
  organization: [
    'organization.created',
    'organization.updated',
    'organization.settings_updated',
    'organization.logo_updated',
    'organization.logo_removed',
    'organization.deleted',
  ],
} as const;

export type AuditCategory = keyof typeof AUDIT_ACTIONS_BY_CATEGORY;
export type AuditAction = (typeof AUDIT_ACTIONS_BY_CATEGORY)[AuditCategory][number];

/** The categories in the order the filter lists them. */
export const AUDIT_CATEGORIES = Object.keys(AUDIT_ACTIONS_BY_CATEGORY) as [AuditCategory, ...AuditCategory[]];

/** Every code, once. */
export const AUDIT_ACTIONS: readonly AuditAction[] = Object.values(AUDIT_ACTIONS_BY_CATEGORY).flat();

const categoryByAction = new Map<string, AuditCategory>(
  AUDIT_CATEGORIES.flatMap((category) =>
    AUDIT_ACTIONS_BY_CATEGORY[category].map((action) => [action, category] as const),
  ),
);

export const isAuditAction = (value: string): value is AuditAction => categoryByAction.has(value);

export const isAuditCategory = (value: string): value is AuditCategory =>
  (AUDIT_CATEGORIES as readonly string[]).includes(value);

/** The category a code is filed under; null for a code no longer written (an old row). */
export const auditCategoryOf = (action: string): AuditCategory | null => categoryByAction.get(action) ?? null;
