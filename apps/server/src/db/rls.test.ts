import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/helpers.ts';
import { subscriptions } from '../modules/billing/billing.table.ts';
import { hashToken, newOpaqueToken } from '../modules/auth/tokens.ts';
import { files } from '../modules/files/files.table.ts';
import { invitationTokens } from '../modules/team/team.table.ts';
import { memberships, organizations } from '../modules/organizations/organizations.table.ts';
import { queryRows } from './database.ts';
import { inScope } from './tenant.ts';

let t: TestApp;
let orgA: string;
let orgB: string;
let userA: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerUser(t);
  const b = await registerUser(t);
  orgA = a.organization!.id;
  orgB = b.organization!.id;
  userA = a.user.id;
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('queries as a role that is neither superuser nor BYPASSRLS', async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean; current_user: string }>(
      t.database.db,
      sql`select r.rolsuper, r.rolbypassrls, current_user from pg_roles r where r.rolname = current_user`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, current_user: 'leadcapture_app' });
  });

  it('forces RLS on every table that has an organization_id', async () => {
    const rows = await queryRows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      t.database.db,
      sql`select c.relname, c.relrowsecurity, c.relforcerowsecurity
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id')
            and c.relname <> 'outbox'`,
    );
    expect(rows.map((r) => r.relname).sort()).toEqual([
      'api_key_usage',
      'api_keys',
      'assignment_turns',
      'audit_logs',
      'billing_customers',
      'capture_page_views',
      'checkout_sessions',
      'clients',
      'data_bulk_jobs',
      'data_exports',
      'data_import_rows',
      'data_templates',
      'event_templates',
      'events',
      'files',
      'held_leads',
      'integration_records',
      'integrations',
      'invitation_tokens',
      'invoices',
      'lead_activities',
      'lead_count_deltas',
      'lead_day_counts',
      'lead_day_stage_counts',
      'lead_day_totals',
      'lead_email_confirmations',
      'lead_event_totals',
      'lead_imports',
      'lead_scoring_rules',
      'leads',
      'memberships',
      'notification_digest_hours',
      'notification_digests',
      'notification_logs',
      'notification_preferences',
      'notification_settings',
      'notification_templates',
      'notifications',
      'offer_page_views',
      'offers',
      'payment_methods',
      'payments',
      'subscriptions',
      'usage_alerts',
      'usage_records',
      'webhook_attempts',
      'webhook_deliveries',
      'webhooks',
      'zapier_hooks',
    ]);
    for (const r of rows) expect(r, r.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    const [orgTable] = await queryRows<{ relforcerowsecurity: boolean }>(
      t.database.db,
      sql`select relforcerowsecurity from pg_class where relname = 'organizations'`,
    );
    expect(orgTable?.relforcerowsecurity).toBe(true);
  });

  it('shows no tenant rows to a query with no tenant set', async () => {
    const db = t.database.db;
    expect(await db.select().from(organizations)).toEqual([]);
    expect(await db.select().from(memberships)).toEqual([]);
    expect(await db.select().from(subscriptions)).toEqual([]);
    // Also inside a transaction with an empty scope.
    const inTx = await inScope(db, {}, (tx) => tx.select().from(subscriptions));
    expect(inTx).toEqual([]);
  });

  it("lets tenant A's transaction see its own rows only", async () => {
    const rows = await inScope(t.database.db, { organizationId: orgA }, (tx) =>
      tx.select({ organizationId: subscriptions.organizationId }).from(subscriptions),
    );
    expect(rows).toEqual([{ organizationId: orgA }]);
    const orgs = await inScope(t.database.db, { organizationId: orgA }, (tx) =>
      tx.select({ id: organizations.id }).from(organizations),
    );
    expect(orgs).toEqual([{ id: orgA }]);
  });

  it("keeps tenant A from reading B's rows even when asking for them by id", async () => {
    const rows = await inScope(t.database.db, { organizationId: orgA }, (tx) =>
      tx.select().from(organizations).where(eq(organizations.id, orgB)),
    );
    expect(rows).toEqual([]);
  });

  it("keeps tenant A from updating or deleting B's rows", async () => {
    const updated = await inScope(t.database.db, { organizationId: orgA }, (tx) =>
      tx.update(organizations).set({ name: 'hijacked' }).where(eq(organizations.id, orgB)).returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await inScope(t.database.db, { organizationId: orgA }, (tx) =>
      tx.delete(subscriptions).where(eq(subscriptions.organizationId, orgB)).returning(),
    );
    expect(deleted).toEqual([]);
    const [b] = await inScope(t.database.db, { organizationId: orgB }, (tx) =>
      tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgB)),
    );
    expect(b?.name).not.toBe('hijacked');
  });

  it("refuses to write a row into B from A's transaction", async () => {
    await expect(
      inScope(t.database.db, { organizationId: orgA }, (tx) =>
        tx.insert(memberships).values({ organizationId: orgB, userId: userA, role: 'owner' }),
      ),
    ).rejects.toThrow();
    const visible = await inScope(t.database.db, { organizationId: orgB }, (tx) =>
      tx.select().from(memberships).where(eq(memberships.userId, userA)),
    );
    expect(visible).toEqual([]);
  });

  it('refuses to move a row from A to B', async () => {
    await expect(
      inScope(t.database.db, { organizationId: orgA }, (tx) =>
        tx.update(subscriptions).set({ organizationId: orgB }).where(eq(subscriptions.organizationId, orgA)),
      ),
    ).rejects.toThrow();
  });

  it('lets a user read their own memberships across organisations, and no one else’s', async () => {
    const mine = await inScope(t.database.db, { userId: userA }, (tx) => tx.select().from(memberships));
    expect(mine.map((m) => m.organizationId)).toEqual([orgA]);
    const stranger = await inScope(t.database.db, { userId: randomUUID() }, (tx) => tx.select().from(memberships));
    expect(stranger).toEqual([]);
  });

  it('shows files to their own tenant only, except logos, which are public by purpose', async () => {
    const addFile = (organizationId: string, purpose: 'general' | 'organization_logo') =>
      inScope(t.database.db, { organizationId }, async (tx) => {
        const [row] = await tx
          .insert(files)
          .values({
            organizationId,
            purpose,
            contentType: 'image/png',
            size: 1,
            storageKey: `${organizationId}/${randomUUID()}.png`,
          })
          .returning({ id: files.id });
        return row!.id;
      });
    const general = await addFile(orgB, 'general');
    const logo = await addFile(orgB, 'organization_logo');
    const seenBy = (scope: { organizationId?: string }) =>
      inScope(t.database.db, scope, (tx) =>
        tx.select({ id: files.id }).from(files).where(eq(files.organizationId, orgB)),
      );
    expect((await seenBy({ organizationId: orgB })).map((r) => r.id).sort()).toEqual([general, logo].sort());
    expect(await seenBy({ organizationId: orgA })).toEqual([{ id: logo }]);
    expect(await seenBy({})).toEqual([{ id: logo }]);
    // Readable is all: another tenant can neither change nor delete a logo row.
    const changed = await inScope(t.database.db, { organizationId: orgA }, (tx) =>
      tx.update(files).set({ originalName: 'hijacked' }).where(eq(files.id, logo)).returning(),
    );
    expect(changed).toEqual([]);
    const deleted = await inScope(t.database.db, { organizationId: orgA }, (tx) =>
      tx.delete(files).where(eq(files.id, logo)).returning(),
    );
    expect(deleted).toEqual([]);
  });

  it('shows an invitation link to its tenant, or to the one transaction that names its hash', async () => {
    const { token, hash } = newOpaqueToken();
    await inScope(t.database.db, { organizationId: orgA }, async (tx) => {
      const [m] = await tx
        .insert(memberships)
        .values({
          organizationId: orgA,
          userId: null,
          role: 'viewer',
          status: 'invited',
          invitedEmail: 'x@example.com',
        })
        .returning({ id: memberships.id });
      await tx.insert(invitationTokens).values({
        organizationId: orgA,
        membershipId: m?.id ?? '',
        tokenHash: hash,
        expiresAt: new Date(Date.now() + 60_000),
      });
    });
    const seen = (scope: { organizationId?: string }, lookup: string) =>
      inScope(t.database.db, scope, async (tx) => {
        await tx.execute(sql`select set_config('app.public_lookup', ${lookup}, true)`);
        return tx.select({ hash: invitationTokens.tokenHash }).from(invitationTokens);
      });
    expect(await seen({}, '')).toEqual([]);
    expect(await seen({ organizationId: orgB }, '')).toEqual([]);
    expect(await seen({}, hashToken(`${token}x`))).toEqual([]);
    expect(await seen({}, hash)).toEqual([{ hash }]);
    expect((await seen({ organizationId: orgA }, '')).map((r) => r.hash)).toContain(hash);
    // Naming the hash lets a visitor read the row, never change it.
    const changed = await inScope(t.database.db, {}, async (tx) => {
      await tx.execute(sql`select set_config('app.public_lookup', ${hash}, true)`);
      return tx
        .update(invitationTokens)
        .set({ usedAt: new Date() })
        .where(eq(invitationTokens.tokenHash, hash))
        .returning();
    });
    expect(changed).toEqual([]);
  });

  it('shows an organisation to a user through joined memberships only', async () => {
    const c = await registerUser(t);
    await inScope(t.database.db, { organizationId: orgA }, (tx) =>
      tx.insert(memberships).values({ organizationId: orgA, userId: c.user.id, role: 'member', status: 'inactive' }),
    );
    const orgs = await inScope(t.database.db, { userId: c.user.id }, (tx) =>
      tx.select({ id: organizations.id }).from(organizations),
    );
    expect(orgs.map((o) => o.id)).toEqual([c.organization?.id]);
  });
});
