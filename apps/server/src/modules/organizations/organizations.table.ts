import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Address, OrganizationSettings } from '@leadcapture/contracts/organizations';
import type { Role } from '@leadcapture/contracts/constants';
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
      sql`${t.id} in (select m.organization_id from memberships m where m.user_id = ${currentUserId})`,
    ),
  ],
).enableRLS();

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_organization_user_key').on(t.organizationId, t.userId),
    index('memberships_user_idx').on(t.userId),
    // A user may read their own memberships in every organisation (the organisation switcher).
    ...tenantPolicies('memberships', t.organizationId, sql`${t.userId} = ${currentUserId}`),
  ],
).enableRLS();
