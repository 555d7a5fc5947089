import type { AuditAction } from '@leadcapture/contracts/audit';
import { randomBytes, randomUUID } from 'node:crypto';
import { rebuildLeadCounts } from '../analytics/analytics.service.ts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Role } from '@leadcapture/contracts/constants';
import {
  MAX_OWNED_ORGANIZATIONS,
  type CreateOrganizationInput,
  type Organization,
  type OrganizationMember,
  type OrganizationSettings,
  type UpdateOrganizationInput,
  type updateOrganizationSettingsSchema,
} from '@leadcapture/contracts/organizations';
import { CALENDAR_DATE_PATTERN } from '@leadcapture/contracts/fields';
import type { z } from 'zod';
import { isUniqueViolation, queryRows, type Tx } from '../../db/database.ts';
import { inScope, setScope, type TenantContext } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { users } from '../auth/auth.table.ts';
import { startTrial } from '../billing/billing.service.ts';
import {
  discardStored,
  insertFile,
  publicFileUrl,
  purgeOrganizationFiles,
  storeThenRecord,
  type Upload,
} from '../files/files.service.ts';
import { files } from '../files/files.table.ts';
import { memberships, organizations } from './organizations.table.ts';

type OrganizationRow = typeof organizations.$inferSelect;

export const DEFAULT_ORGANIZATION_SETTINGS: OrganizationSettings = {
  default_language: 'en',
  timezone: 'UTC',
  lead_follow_up_days: 1,
  require_lead_approval: false,
  notify_on_new_lead: true,
  duplicate_leads: 'link',
};

const EMPTY_ADDRESS = { street: '', city: '', state: '', postal_code: '', country: '' } as const;

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return base || 'organization';
}

export function toOrganization(row: OrganizationRow, role: Role): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    website: row.website,
    industry: row.industry,
    size: row.size,
    billing_email: row.billingEmail,
    logo_url: row.logoUrl,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    custom_domain: row.customDomain,
    address: { ...EMPTY_ADDRESS, ...row.address },
    role,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Creates an organisation with its owner and its trial, inside the caller's transaction.
 * The transaction's scope switches to the new organisation so RLS admits the inserts.
 */
export async function createOrganization(
  tx: Tx,
  meta: RequestMeta,
  input: { name: string; ownerId: string; billingEmail: string },
): Promise<OrganizationRow> {
  const id = randomUUID();
  await setScope(tx, { organizationId: id, userId: input.ownerId });
  const base = slugify(input.name);
  let row: OrganizationRow | undefined;
  // Slugs are unique across the product; other tenants' rows are invisible here, so let the
  // unique index decide and retry with a suffix.
  for (let attempt = 0; attempt < 6 && !row; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    [row] = await tx
      .insert(organizations)
      .values({
        id,
        name: input.name,
        slug,
        billingEmail: input.billingEmail,
        address: { ...EMPTY_ADDRESS },
        settings: DEFAULT_ORGANIZATION_SETTINGS,
      })
      .onConflictDoNothing({ target: organizations.slug })
      .returning();
  }
  if (!row) throw new AppError('CONFLICT', 'Could not allocate an organization slug');
  await tx.insert(memberships).values({ organizationId: id, userId: input.ownerId, role: 'owner' });
  await startTrial(tx, id);
  await recordAudit(tx, meta, {
    action: 'organization.created',
    userId: input.ownerId,
    organizationId: id,
    targetType: 'organization',
    targetId: id,
    metadata: { name: input.name, slug: row.slug },
  });
  await recordAudit(tx, meta, {
    action: 'membership.created',
    userId: input.ownerId,
    organizationId: id,
    targetType: 'membership',
    targetId: input.ownerId,
    metadata: { role: 'owner' },
  });
  return row;
}

/** The organisations the user belongs to, with the user's role in each. */
export async function listOrganizations(tx: Tx, userId: string, page: { limit: number; offset: number }) {
  const rows = await tx
    .select({ org: organizations, role: memberships.role, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'joined')))
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: rows[0]?.total ?? (page.offset > 0 ? await countMine(tx, userId) : 0),
    results: rows.map((r) => toOrganization(r.org, r.role)),
  };
}

async function countMine(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'joined')));
  return row?.n ?? 0;
}

/** An audit entry for a change the caller made to the organisation it acts on. */
function auditOwnChange(ctx: TenantContext, meta: RequestMeta, action: AuditAction, metadata: Record<string, unknown>) {
  return recordAudit(ctx.tx, meta, {
    action,
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'organization',
    targetId: ctx.organizationId,
    metadata,
  });
}

async function loadOwn(ctx: TenantContext): Promise<OrganizationRow> {
  const [row] = await ctx.tx.select().from(organizations).where(eq(organizations.id, ctx.organizationId));
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
  return row;
}

export async function getOrganization(ctx: TenantContext): Promise<Organization> {
  assertCan(ctx, 'organization.read');
  return toOrganization(await loadOwn(ctx), ctx.role);
}

export async function updateOrganization(
  ctx: TenantContext,
  meta: RequestMeta,
  input: UpdateOrganizationInput,
): Promise<Organization> {
  assertCan(ctx, 'organization.update');
  const current = await loadOwn(ctx);
  const changes: Partial<typeof organizations.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.website !== undefined) changes.website = input.website;
  if (input.industry !== undefined) changes.industry = input.industry;
  if (input.size !== undefined) changes.size = input.size;
  if (input.billing_email !== undefined) changes.billingEmail = input.billing_email;
  if (input.primary_color !== undefined) changes.primaryColor = input.primary_color;
  if (input.secondary_color !== undefined) changes.secondaryColor = input.secondary_color;
  if (input.custom_domain !== undefined) changes.customDomain = input.custom_domain;
  if (input.address !== undefined) changes.address = { ...EMPTY_ADDRESS, ...current.address, ...input.address };
  if (Object.keys(changes).length === 0) return toOrganization(current, ctx.role);

  // Custom domains are unique across the product; other tenants' rows are invisible here,
  // so the unique index decides.
  const [row] = await ctx.tx
    .update(organizations)
    .set(changes)
    .where(eq(organizations.id, ctx.organizationId))
    .returning()
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) {
        throw new AppError('CONFLICT', 'This domain is already in use', {
          custom_domain: ['This domain is already in use'],
        });
      }
      throw err;
    });
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
  await auditOwnChange(ctx, meta, 'organization.updated', { fields: Object.keys(input) });
  return toOrganization(row, ctx.role);
}

/**
 * POST /organizations/: another organisation for a signed-in user, who becomes its owner; it starts
 * a trial of its own, like one made at registration. A user owns at most MAX_OWNED_ORGANIZATIONS
 * (each is a trial), counted under a lock of the user so that creates at once cannot pass it.
 */
export async function createAnotherOrganization(
  deps: AppDeps,
  meta: RequestMeta,
  userId: string,
  input: CreateOrganizationInput,
): Promise<Organization> {
  return inScope(deps.db, { userId }, async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('NOT_AUTHENTICATED');
    const [owned] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.role, 'owner'), eq(memberships.status, 'joined')));
    if ((owned?.n ?? 0) >= MAX_OWNED_ORGANIZATIONS) {
      throw new AppError('CONFLICT', `You can own at most ${MAX_OWNED_ORGANIZATIONS} organizations.`);
    }
    const { name, billing_email: billingEmail, ...profile } = input;
    const row = await createOrganization(tx, meta, { name, ownerId: userId, billingEmail: billingEmail || user.email });
    if (Object.keys(profile).length === 0) return toOrganization(row, 'owner');
    // The rest of the profile as an update would set it: one set of rules (custom domain taken: 409).
    return updateOrganization({ organizationId: row.id, userId, role: 'owner', tx }, meta, profile);
  });
}

/**
 * DELETE /organizations/{id}/ (owner): the organisation and, by cascade, everything it holds; its
 * stored files after commit. The user's last organisation is refused (409): it goes with the
 * account (POST /auth/delete-account/), so no one is left signed in to nothing. Answers the ids
 * of the members whose cached /auth/me/ lists it.
 */
export async function deleteOrganization(deps: AppDeps, inTenant: TenantRunner, meta: RequestMeta): Promise<string[]> {
  const { organizationId, memberIds } = await inTenant(async (ctx) => {
    assertCan(ctx, 'organization.delete');
    const [org] = await ctx.tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, ctx.organizationId))
      .for('update');
    if (!org) throw new AppError('NOT_FOUND', 'Organization not found');
    const [elsewhere] = await ctx.tx
      .select({ n: count() })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, ctx.userId),
          eq(memberships.status, 'joined'),
          sql`${memberships.organizationId} <> ${ctx.organizationId}`,
        ),
      );
    if ((elsewhere?.n ?? 0) === 0) {
      throw new AppError(
        'CONFLICT',
        'This is your only organization. Create another one first, or delete your account to delete it.',
      );
    }
    const members = await ctx.tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.organizationId, ctx.organizationId));
    await deleteOrganizationWithin(ctx.tx, meta, org, ctx.userId, 'deleted_by_owner');
    return { organizationId: org.id, memberIds: members.flatMap((m) => (m.userId ? [m.userId] : [])) };
  });
  await purgeOrganizationFiles(deps, [organizationId]);
  return memberIds;
}

export async function getSettings(ctx: TenantContext): Promise<OrganizationSettings> {
  assertCan(ctx, 'organization.read');
  const row = await loadOwn(ctx);
  return { ...DEFAULT_ORGANIZATION_SETTINGS, ...row.settings };
}

export async function updateSettings(
  ctx: TenantContext,
  meta: RequestMeta,
  input: z.output<typeof updateOrganizationSettingsSchema>,
): Promise<OrganizationSettings> {
  assertCan(ctx, 'organization.update');
  const current = await getSettings(ctx);
  const next = { ...current, ...input };
  await ctx.tx.update(organizations).set({ settings: next }).where(eq(organizations.id, ctx.organizationId));
  // The leads rollup counts local days: another timezone cuts them anew (decision 029).
  if (next.timezone !== current.timezone) await rebuildLeadCounts(ctx.tx, ctx.organizationId);
  await auditOwnChange(ctx, meta, 'organization.settings_updated', { fields: Object.keys(input) });
  return next;
}

/** The membership of a user in an organisation, read under the user's own scope. */
export async function findMembership(tx: Tx, organizationId: string, userId: string) {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        eq(memberships.status, 'joined'),
      ),
    );
  return row;
}

/**
 * The tenant's organisation row, locked until the transaction ends. Changes that depend on the
 * organisation's current state (its logo, who its owners are) take this lock first, so that
 * concurrent ones run one after the other instead of both acting on what they read.
 */
async function lockOwn(ctx: TenantContext): Promise<OrganizationRow> {
  const [row] = await ctx.tx.select().from(organizations).where(eq(organizations.id, ctx.organizationId)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
  return row;
}

/** Deletes the organisation's logo file row, if any; answers its storage key (bytes go after commit). */
async function dropLogoFile(ctx: TenantContext): Promise<{ id: string; storageKey: string } | undefined> {
  // The organisation filter matters: RLS lets every tenant read logo rows (they are public).
  const [previous] = await ctx.tx
    .delete(files)
    .where(and(eq(files.organizationId, ctx.organizationId), eq(files.purpose, 'organization_logo')))
    .returning({ id: files.id, storageKey: files.storageKey });
  return previous;
}

/**
 * POST /organizations/{id}/logo/ (owner, admin): stores the image as the organisation's logo
 * file, replaces the previous one and points logo_url at its public address (decision 008).
 */
export async function setLogo(
  deps: AppDeps,
  inTenant: TenantRunner,
  meta: RequestMeta,
  receive: () => Promise<Upload>,
): Promise<Organization> {
  const { organization, replaced } = await storeThenRecord(
    deps,
    inTenant,
    receive,
    (ctx) => assertCan(ctx, 'organization.update'),
    async (ctx, stored) => {
      await lockOwn(ctx);
      const previous = await dropLogoFile(ctx);
      const file = await insertFile(ctx, meta, stored, 'organization_logo');
      const [row] = await ctx.tx
        .update(organizations)
        .set({ logoUrl: publicFileUrl(deps.config.publicUrl, file.id) })
        .where(eq(organizations.id, ctx.organizationId))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
      await auditOwnChange(ctx, meta, 'organization.logo_updated', {
        file_id: file.id,
        replaced_file_id: previous?.id ?? null,
      });
      return { organization: toOrganization(row, ctx.role), replaced: previous?.storageKey };
    },
  );
  // Only after commit: until then the previous logo was still the organisation's.
  if (replaced) await discardStored(deps, replaced);
  return organization;
}

/** DELETE /organizations/{id}/logo/ (owner, admin): clears logo_url and deletes the logo file. */
export async function removeLogo(deps: AppDeps, inTenant: TenantRunner, meta: RequestMeta): Promise<Organization> {
  const { organization, removed } = await inTenant(async (ctx) => {
    assertCan(ctx, 'organization.update');
    const current = await lockOwn(ctx);
    const previous = await dropLogoFile(ctx);
    if (!previous && current.logoUrl === null)
      return { organization: toOrganization(current, ctx.role), removed: undefined };
    const [row] = await ctx.tx
      .update(organizations)
      .set({ logoUrl: null })
      .where(eq(organizations.id, ctx.organizationId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
    await auditOwnChange(ctx, meta, 'organization.logo_removed', { file_id: previous?.id ?? null });
    return { organization: toOrganization(row, ctx.role), removed: previous?.storageKey };
  });
  if (removed) await discardStored(deps, removed);
  return organization;
}

/** What happens to each organisation of a user who leaves the product (account deletion). */
export interface Departure {
  /** The user is the last owner and others remain: the user must transfer ownership first. */
  blocking: { id: string; name: string }[];
  /** The user is the only member: the organisation goes with the account. */
  deleteWithUser: { id: string; name: string }[];
  /** Others keep the organisation (another owner remains, or the user is not an owner). */
  leave: { id: string; role: Role }[];
}

/**
 * Sorts the user's organisations for a departure, locking each one it counts members of (in id
 * order, so two departures cannot deadlock): a concurrent departure of a co-owner then waits
 * and counts again after this one commits, so two owners leaving at once cannot leave an
 * organisation with members and no owner. Must run in the transaction that acts on the result.
 */
export async function planDeparture(tx: Tx, userId: string): Promise<Departure> {
  await setScope(tx, { userId });
  const mine = await tx
    .select({ id: organizations.id, name: organizations.name, role: memberships.role, status: memberships.status })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.id));
  const plan: Departure = { blocking: [], deleteWithUser: [], leave: [] };
  for (const org of mine) {
    // An inactive owner holds no power in the organisation: leaving changes nothing for it.
    if (org.role !== 'owner' || org.status !== 'joined') {
      plan.leave.push({ id: org.id, role: org.role });
      continue;
    }
    await setScope(tx, { organizationId: org.id, userId });
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, org.id)).for('update');
    const [others] = await tx
      .select({
        members: count(),
        owners: sql<number>`count(*) filter (where ${memberships.role} = 'owner')`.mapWith(Number),
      })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, org.id),
          eq(memberships.status, 'joined'),
          sql`${memberships.userId} <> ${userId}`,
        ),
      );
    if ((others?.owners ?? 0) > 0) plan.leave.push({ id: org.id, role: org.role });
    else if ((others?.members ?? 0) > 0) plan.blocking.push({ id: org.id, name: org.name });
    else plan.deleteWithUser.push({ id: org.id, name: org.name });
  }
  await setScope(tx, { userId });
  return plan;
}

/**
 * Deletes an organisation and, by cascade, everything it owns (memberships, subscription, file
 * rows), inside the caller's transaction. The audit entry is written first and survives: audit
 * rows keep the organisation id without a foreign key. Stored file bytes are the caller's to
 * remove after commit (files.service purgeOrganizationFiles).
 */
export async function deleteOrganizationWithin(
  tx: Tx,
  meta: RequestMeta,
  org: { id: string; name: string },
  actorId: string,
  reason: string,
): Promise<void> {
  await setScope(tx, { organizationId: org.id, userId: actorId });
  await recordAudit(tx, meta, {
    action: 'organization.deleted',
    userId: actorId,
    organizationId: org.id,
    targetType: 'organization',
    targetId: org.id,
    metadata: { name: org.name, reason },
  });
  await tx.delete(organizations).where(eq(organizations.id, org.id));
  await setScope(tx, { userId: actorId });
}

/** GET /organizations/{id}/members/: the organisation's members by name. */
export async function listMembers(
  ctx: TenantContext,
  page: { limit: number; offset: number },
): Promise<{ results: OrganizationMember[]; total: number }> {
  assertCan(ctx, 'members.read');
  const rows = await ctx.tx
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      role: memberships.role,
      // Inactive in this organisation counts as inactive here, whatever the account's state.
      is_active: sql<boolean>`${users.isActive} and ${memberships.status} = 'joined'`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, ctx.organizationId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { results: rows.map(({ total: _total, ...member }) => member), total: rows[0]?.total ?? 0 };
}

/**
 * 03-decisions §3: a date-time input may be a calendar date alone (`2027-05-10`), meaning midnight
 * in the organisation's timezone. Answers `input` with each of `keys` that holds a calendar date
 * replaced by that instant (ISO 8601, UTC), so the services go on reading date-times only.
 * PostgreSQL does the arithmetic (`timestamp AT TIME ZONE`), daylight-saving days included; the
 * organisation's settings are read only when a calendar date was sent.
 */
export async function withCalendarDatesResolved<T extends object>(
  ctx: TenantContext,
  input: T,
  keys: readonly (keyof T)[],
): Promise<T> {
  const dated = keys.filter((key) => {
    const value: unknown = input[key];
    return typeof value === 'string' && CALENDAR_DATE_PATTERN.test(value);
  });
  if (dated.length === 0) return input;
  const resolved: T = { ...input };
  for (const key of dated) {
    const [row] = await queryRows<{ at: string }>(
      ctx.tx,
      sql`select to_char((${input[key] as string})::date::timestamp at time zone coalesce(settings->>'timezone', 'UTC') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
          from organizations where id = ${ctx.organizationId}`,
    );
    if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
    Object.assign(resolved, { [key]: row.at });
  }
  return resolved;
}
