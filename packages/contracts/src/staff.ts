import { z } from 'zod';
import { AUDIT_CATEGORIES } from './audit.ts';
import { paginationQuerySchema } from './envelope.ts';

/**
 * Staff and administration (03-decisions §4c, docs/staff.md): the provider's own people, their
 * sign-in with a second factor, impersonation, the audit log and the admin calls.
 */
export const STAFF_ROLES = ['admin', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const IMPERSONATION_MODES = ['read', 'write'] as const;
export type ImpersonationMode = (typeof IMPERSONATION_MODES)[number];

/** Staff access tokens are short: a console session, no refresh. */
export const STAFF_ACCESS_TTL_SECONDS = 30 * 60;
/** An impersonation lasts at most this long, and is never refreshed. */
export const IMPERSONATION_MAX_MINUTES = 60;
export const RECOVERY_CODE_COUNT = 10;

export const STAFF_LIMITS = { email: 254, password: 128, reason: 500, search: 100, action: 100 } as const;

const email = z.string().trim().toLowerCase().max(STAFF_LIMITS.email).pipe(z.email('Enter a valid email address.'));

/** A 6-digit TOTP code, or a recovery code (xxxxx-xxxxx). */
export const staffLoginSchema = z.object({
  email,
  password: z.string().min(1, 'This field is required.').max(STAFF_LIMITS.password),
  code: z
    .string()
    .trim()
    .max(32)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type StaffLoginInput = z.input<typeof staffLoginSchema>;

/** A staff or impersonation access token (03-decisions §4c: `{access, expires_at}`). */
export const accessGrantSchema = z.object({ access: z.string(), expires_at: z.string() });
export type AccessGrant = z.infer<typeof accessGrantSchema>;

/**
 * The answer of a staff login: signed in (`access`), or the second factor still to give:
 * `totp` (enrolled: send the code), `enrol` (first login: scan the QR code, keep the recovery
 * codes, then send a code from the app).
 */
export const staffLoginResultSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('done'), access: z.string(), expires_at: z.string() }),
  z.object({ step: z.literal('totp') }),
  z.object({
    step: z.literal('enrol'),
    otpauth_uri: z.string(),
    qr_svg: z.string(),
    secret: z.string(),
    recovery_codes: z.array(z.string()),
  }),
]);
export type StaffLoginResult = z.infer<typeof staffLoginResultSchema>;

export const staffMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  recovery_codes_left: z.number().int(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const impersonateSchema = z.object({
  user_id: z.uuid('Choose a user.'),
  reason: z.string().trim().min(1, 'Give a reason.').max(STAFF_LIMITS.reason),
  mode: z.enum(IMPERSONATION_MODES).default('read'),
});
export type ImpersonateInput = z.input<typeof impersonateSchema>;

export const impersonationStatusSchema = z.object({
  active: z.boolean(),
  id: z.string().nullable(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  organization_id: z.string().nullable(),
  staff_email: z.string().nullable(),
  reason: z.string().nullable(),
  mode: z.enum(IMPERSONATION_MODES).nullable(),
  expires_at: z.string().nullable(),
});
export type ImpersonationStatus = z.infer<typeof impersonationStatusSchema>;

const isoTime = z.iso.datetime({ offset: true }).optional();

export const auditLogQuerySchema = paginationQuerySchema.extend({
  actor: z.uuid().optional(),
  /** A prefix of the action code (`staff.impersonation`). */
  action: z.string().trim().max(STAFF_LIMITS.action).optional(),
  /** The actions of one category of AUDIT_ACTIONS_BY_CATEGORY (`billing`). */
  category: z.enum(AUDIT_CATEGORIES).optional(),
  from: isoTime,
  to: isoTime,
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const staffAuditLogQuerySchema = auditLogQuerySchema.extend({ organization: z.uuid().optional() });

export const auditLogEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  organization_id: z.string().nullable(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  staff_user_id: z.string().nullable(),
  staff_email: z.string().nullable(),
  impersonation_id: z.string().nullable(),
  target_type: z.string(),
  target_id: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  ip_address: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const staffSearchQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(STAFF_LIMITS.search).optional(),
});

export const staffOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  plan: z.string().nullable(),
  subscription_status: z.string().nullable(),
  members: z.number().int(),
  leads: z.number().int(),
  created_at: z.string(),
});
export type StaffOrganization = z.infer<typeof staffOrganizationSchema>;

/** GET /staff/organizations/{id}/: the organisation, its members and its recent activity. */
export const staffOrganizationDetailSchema = z.object({
  organization: staffOrganizationSchema,
  members: z.array(
    z.object({
      user_id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      status: z.string(),
      last_login_at: z.string().nullable(),
    }),
  ),
  recent_activity: z.array(auditLogEntrySchema),
  sign_ins: z.array(auditLogEntrySchema),
});
export type StaffOrganizationDetail = z.infer<typeof staffOrganizationDetailSchema>;

export const staffMembershipSchema = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  role: z.string(),
});

export const staffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_verified: z.boolean(),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  date_joined: z.string(),
  organizations: z.array(staffMembershipSchema),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const ACCOUNT_ACTIONS = [
  'lock',
  'unlock',
  'force_password_reset',
  'resend_verification',
  'revoke_sessions',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
export const accountActionSchema = z.object({
  action: z.enum(ACCOUNT_ACTIONS),
  reason: z.string().trim().min(1, 'Give a reason.').max(STAFF_LIMITS.reason),
});

/** Run-time settings (admin only): read by sign-up and trial creation. */
export const runtimeSettingsSchema = z.object({
  signups_open: z.boolean(),
  trial_days: z.number().int().min(1).max(90),
});
export type RuntimeSettings = z.infer<typeof runtimeSettingsSchema>;
export const runtimeSettingsUpdateSchema = runtimeSettingsSchema.partial();

export const adminStatsSchema = z.object({
  organizations: z.number().int(),
  users: z.number().int(),
  staff: z.number().int(),
  leads: z.number().int(),
  plans: z.array(z.object({ plan: z.string(), organizations: z.number().int() })),
  leads_per_day: z.array(z.object({ day: z.string(), leads: z.number().int() })),
  /** The outbox (mail, live events, pushes): waiting, given up on, and mails given up on in 24 h. */
  outbox: z.object({ pending: z.number().int(), failed: z.number().int(), mail_failed_24h: z.number().int() }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /staff/health/: the console's health panel (this process, the database, outbox, tasks). */
export const systemHealthSchema = z.object({
  process: z.object({
    uptime_seconds: z.number().int(),
    rss_bytes: z.number().int(),
    heap_used_bytes: z.number().int(),
    node_version: z.string(),
  }),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), up: z.boolean(), latency_ms: z.number().int() }),
  outbox: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    failed_24h: z.number().int(),
    oldest_pending_at: z.string().nullable(),
  }),
  mail: z.object({ failed_24h: z.number().int(), pending: z.number().int() }),
  jobs: z.array(
    z.object({
      name: z.string(),
      interval_seconds: z.number().int(),
      running: z.boolean(),
      last_run_at: z.string().nullable(),
      last_outcome: z.enum(['ran', 'skipped', 'failed']).nullable(),
      last_ms: z.number().int().nullable(),
    }),
  ),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
