import { sql } from 'drizzle-orm';
import { boolean, index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProfileLanguage } from '@leadcapture/contracts/constants';
import { id, timestamps } from '../../db/columns.ts';

/** Users are global (one person, many organisations); their tenant data lives in memberships. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    language: text('language').$type<ProfileLanguage>().notNull().default('en'),
    newsletterOptIn: boolean('newsletter_opt_in').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    currentOrganizationId: uuid('current_organization_id'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each login starts a family; every refresh
 * rotates to a new token of the same family and marks the old one used. Presenting a used
 * token again means it leaked, so the whole family is revoked, except within a short grace while
 * its successor was never presented (decision 003).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // The token its rotation issued (the latest, after a rotation within the grace).
    replacedBy: uuid('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: inet('ip_address'),
    userAgent: text('user_agent').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export type UserTokenPurpose = 'password_reset' | 'email_verification';

/** Single-use tokens mailed to the user (password reset, email verification), stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<UserTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_tokens_token_hash_key').on(t.tokenHash),
    index('user_tokens_user_purpose_idx')
      .on(t.userId, t.purpose)
      .where(sql`${t.usedAt} is null`),
  ],
);

/**
 * A user's sign-in through an identity provider (social sign-in, decision 030): the provider's
 * stable subject, never the email (an address can change hands at the provider). One subject
 * belongs to one user; a user may hold one identity per provider.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'google' | 'microsoft'>().notNull(),
    subject: text('subject').notNull(),
    /** The verified email the provider gave when the identity was linked (for support, not for matching). */
    email: text('email').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider_key').on(t.userId, t.provider),
  ],
);
