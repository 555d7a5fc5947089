import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImpersonationMode, StaffRole } from '@leadcapture/contracts/staff';
import { id, timestamps } from '../../db/columns.ts';

/**
 * The provider's own people (decision 028): no organisation, no membership, never a row of
 * `users`, so no tenant route can ever act as one. The TOTP secret is sealed with the app's
 * sealed box (ENCRYPTION_KEY); recovery codes are kept as SHA-256 hashes, each usable once.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<StaffRole>().notNull().default('support'),
    isActive: boolean('is_active').notNull().default(true),
    /** Sealed base32 secret; set at enrolment, confirmed by the first valid code. */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The last 30 s step a code was accepted for: a code is never accepted twice (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_users_email_key').on(t.email),
    check('staff_users_role_check', sql`${t.role} in ('admin', 'support')`),
  ],
);

/**
 * A staff member acting as a tenant user (03-decisions §4c): a reason, a mode, at most 60
 * minutes, ended early by exit. The access token issued for it names this row; a request
 * is served only while the row is open. The organisation is the user's at the start.
 */
export const staffImpersonations = pgTable(
  'staff_impersonations',
  {
    id: id(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    targetOrganizationId: uuid('target_organization_id').notNull(),
    reason: text('reason').notNull(),
    mode: text('mode').$type<ImpersonationMode>().notNull().default('read'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    requestCount: integer('request_count').notNull().default(0),
  },
  (t) => [
    index('staff_impersonations_staff_idx').on(t.staffUserId, t.startedAt),
    check('staff_impersonations_mode_check', sql`${t.mode} in ('read', 'write')`),
  ],
);
