import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Address, OrganizationSettings } from '@leadcapture/contracts/organizations';
import type { Role } from '@leadcapture/contracts/constants';
import type { TeamMemberStatus } from '@leadcapture/contracts/team';
import { currentUserId, id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    website: text('website').notNull().default(''),
    industry: text('industry').notNull().default(''),
    size: text('size').notNull().default(''),
    billingEmail: text('billing_email').notNull().default(''),
    logoUrl: text('logo_url'),
    primaryColor: text('primary_color').notNull().default('#2563eb'),
    secondaryColor: text('secondary_color').notNull().default('#0f172a'),
    customDomain: text('custom_domain').notNull().default(''),
    address: jsonb('address').$type<Address>().notNull(),
    settings: jsonb('settings').$type<OrganizationSettings>().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('organizations_slug_key').on(t.slug),
    uniqueIndex('organizations_custom_domain_key')
      .on(t.customDomain)
      .where(sql`${t.customDomain} <> ''`),
    // An organisation row is its own tenant: readable by the current tenant and by the
    // organisations the current user belongs to (to list them), writable only as itself.
    ...tenantPolicies(
      'organizations',
      t.id,
      sql`${t.id} in (select m.organization_id from memberships m where m.user_id = ${currentUserId} and m.status = 'joined')`,
    ),
  ],
).enableRLS();

/**
 * A person's place in an organisation: the team member (spec 01 §3). Only a `joined` membership
 * gives access (http/tenant.ts); `invited` has no account yet (user_id is set on acceptance, the
 * row and its id stay), `inactive` keeps the record of a member whose access ended
 * (docs/decisions/018-team-and-invitations.md).
 */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<TeamMemberStatus>().notNull().default('joined'),
    /** Per organisation: the same person may sit in sales here and in marketing elsewhere. */
    department: text('department').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    /** Takes automatically assigned captures (a member away from the booth turns it off). */
    available: boolean('available').notNull().default(true),
    /** The address the invitation went to (lowercase); '' for members who never were invited. */
    invitedEmail: text('invited_email').notNull().default(''),
    /** The name the inviter gave, shown until the invitee has an account of their own. */
    invitedName: text('invited_name').notNull().default(''),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_organization_user_key').on(t.organizationId, t.userId),
    // One open invitation per address and organisation: inviting again is a resend.
    uniqueIndex('memberships_organization_invited_email_key')
      .on(t.organizationId, t.invitedEmail)
      .where(sql`${t.status} = 'invited'`),
    index('memberships_user_idx').on(t.userId),
    check('memberships_status_check', sql`${t.status} in ('joined', 'invited', 'inactive')`),
    // An invitation has no account until it is accepted; every other member has one.
    check('memberships_invited_user_check', sql`(${t.status} = 'invited') = (${t.userId} is null)`),
    // A user may read their own memberships in every organisation (the organisation switcher).
    ...tenantPolicies('memberships', t.organizationId, sql`${t.userId} = ${currentUserId}`),
  ],
).enableRLS();
