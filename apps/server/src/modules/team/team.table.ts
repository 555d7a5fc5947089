import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, tenantPolicies } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { publicLookup } from '../events/events.table.ts';
import { memberships, organizations } from '../organizations/organizations.table.ts';

/**
 * Invitation links (docs/decisions/018-team-and-invitations.md), stored as SHA-256 hashes like
 * the reset tokens. Rows are kept after use so that a used, expired or replaced (revoked) link
 * answers its own clear error instead of "unknown". The invitee has no tenant yet: the accept
 * and lookup routes set `app.public_lookup` to the hash, which admits exactly that row, and take
 * the tenant from it.
 */
export const invitationTokens = pgTable(
  'invitation_tokens',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a resend replaced this link. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitation_tokens_token_hash_key').on(t.tokenHash),
    index('invitation_tokens_membership_idx').on(t.membershipId),
    ...tenantPolicies('invitation_tokens', t.organizationId, sql`${t.tokenHash} = ${publicLookup}`),
  ],
).enableRLS();
