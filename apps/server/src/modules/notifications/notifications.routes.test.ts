import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { markAllReadResultSchema, notificationSchema, unreadCountSchema } from '@leadcapture/contracts/notifications';
import { detailSchema } from '@leadcapture/contracts/auth';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { notifications } from './notifications.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const inbox = paginated(notificationSchema);

let t: TestApp;
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, user: User, organization?: string) {
  return t.app.inject({
    method,
    url: `/api/v1/notifications/${url}`,
    headers: { ...bearer(user.access), ...(organization ? { 'x-organization-id': organization } : {}) },
  });
}

async function addMember(owner: User, role: Role): Promise<User> {
  const u = await registerUser(t);
  const organizationId = orgOf(owner);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: u.user.id, role }),
  );
  return u;
}

/** `count` notifications for the user in the organisation, oldest first; answers their ids. */
async function seed(user: User, count: number, organizationId = orgOf(user)): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const leadId = randomUUID();
    await inScope(t.database.db, { organizationId }, (tx) =>
      tx.insert(notifications).values({
        organizationId,
        userId: user.user.id,
        category: 'leads',
        type: 'lead_follow_up_due',
        data: { lead_id: leadId, lead_name: `Lead ${i}`, company: '', follow_up_date: new Date().toISOString() },
        link: `/leads/${leadId}`,
      }),
    );
    const page = expectData(inbox, await call('GET', 'inbox/?page_size=1', user, organizationId));
    ids.push(page.results[0]?.id ?? '');
  }
  return ids;
}

describe('the notifications inbox', () => {
  it('lists my notifications newest first, paginated, with an unread filter and count', async () => {
    const me = await registerUser(t);
    const ids = await seed(me, 3);
    const first = expectData(inbox, await call('GET', 'inbox/?page_size=2', me));
    expect(first.count).toBe(3);
    expect(first.results.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    expect(first.next).toMatch(/\/api\/v1\/notifications\/inbox\/\?page_size=2&page=2$/);
    expect(first.results[0]).toMatchObject({ is_read: false, read_at: null, category: 'leads', priority: 'normal' });
    const second = expectData(inbox, await call('GET', 'inbox/?page_size=2&page=2', me));
    expect(second.results.map((n) => n.id)).toEqual([ids[0]]);
    expect(second.next).toBeNull();

    expect(expectData(unreadCountSchema, await call('GET', 'inbox/unread_count/', me))).toEqual({ unread_count: 3 });
    const read = expectData(notificationSchema, await call('POST', `inbox/${ids[1]}/mark_as_read/`, me));
    expect(read.is_read).toBe(true);
    expect(read.read_at).not.toBeNull();
    // Marking again keeps the time it was first read.
    expect(expectData(notificationSchema, await call('POST', `${ids[1]}/read/`, me)).read_at).toBe(read.read_at);
    expect(expectData(unreadCountSchema, await call('GET', 'inbox/unread_count/', me))).toEqual({ unread_count: 2 });
    const unread = expectData(inbox, await call('GET', 'inbox/?unread=true', me));
    expect(unread.results.map((n) => n.id)).toEqual([ids[2], ids[0]]);
    expect(expectData(inbox, await call('GET', 'inbox/?unread=false', me)).count).toBe(3);

    expect(expectData(markAllReadResultSchema, await call('POST', 'inbox/mark_all_read/', me))).toEqual({ updated: 2 });
    expect(expectData(unreadCountSchema, await call('GET', 'inbox/unread_count/', me))).toEqual({ unread_count: 0 });
    expect(expectData(markAllReadResultSchema, await call('POST', 'mark-all-read/', me))).toEqual({ updated: 0 });

    expectData(detailSchema, await call('DELETE', `inbox/${ids[0]}/`, me));
    expectError(await call('GET', `inbox/${ids[0]}/`, me), 404, 'NOT_FOUND');
    expect(expectData(inbox, await call('GET', 'inbox/', me)).count).toBe(2);
  });

  it('answers the short forms of spec 01 §7 like the inbox paths', async () => {
    const me = await registerUser(t);
    const [a, b] = await seed(me, 2);
    expect(expectData(inbox, await call('GET', '', me))).toEqual(expectData(inbox, await call('GET', 'inbox/', me)));
    expect(expectData(notificationSchema, await call('GET', `${a}/`, me))).toEqual(
      expectData(notificationSchema, await call('GET', `inbox/${a}/`, me)),
    );
    expect(expectData(notificationSchema, await call('POST', `${b}/read/`, me)).is_read).toBe(true);
    expect(expectData(markAllReadResultSchema, await call('POST', 'mark-all-read/', me))).toEqual({ updated: 1 });
    expectData(detailSchema, await call('DELETE', `${a}/`, me));
    expect(expectData(inbox, await call('GET', '', me)).results.map((n) => n.id)).toEqual([b]);
  });

  it("answers 404 for another user's or another organisation's notification", async () => {
    const owner = await registerUser(t);
    const colleague = await addMember(owner, 'member');
    const stranger = await registerUser(t);
    const [mine] = await seed(owner, 1);
    const [theirs] = await seed(stranger, 1);
    for (const [user, id, org] of [
      [colleague, mine, orgOf(owner)],
      [owner, theirs, undefined],
    ] as const) {
      expectError(await call('GET', `inbox/${id}/`, user, org), 404, 'NOT_FOUND');
      expectError(await call('GET', `${id}/`, user, org), 404, 'NOT_FOUND');
      expectError(await call('POST', `inbox/${id}/mark_as_read/`, user, org), 404, 'NOT_FOUND');
      expectError(await call('POST', `${id}/read/`, user, org), 404, 'NOT_FOUND');
      expectError(await call('DELETE', `inbox/${id}/`, user, org), 404, 'NOT_FOUND');
    }
    // Nobody else's inbox shows them, and mark-all-read leaves them alone.
    expect(expectData(inbox, await call('GET', 'inbox/', colleague, orgOf(owner))).count).toBe(0);
    expect(
      expectData(markAllReadResultSchema, await call('POST', 'inbox/mark_all_read/', colleague, orgOf(owner))),
    ).toEqual({
      updated: 0,
    });
    expect(expectData(unreadCountSchema, await call('GET', 'inbox/unread_count/', owner))).toEqual({ unread_count: 1 });
    expect(expectData(unreadCountSchema, await call('GET', 'inbox/unread_count/', stranger))).toEqual({
      unread_count: 1,
    });
    // Notifications belong to one organisation: the owner's other membership shows none of them.
    expectError(await call('GET', 'inbox/', owner, orgOf(stranger)), 404, 'NOT_FOUND');
  });

  it('lets a viewer manage their own inbox', async () => {
    const owner = await registerUser(t);
    const viewer = await addMember(owner, 'viewer');
    const [id] = await seed(viewer, 1, orgOf(owner));
    expect(
      expectData(notificationSchema, await call('POST', `inbox/${id}/mark_as_read/`, viewer, orgOf(owner))).is_read,
    ).toBe(true);
    expectData(detailSchema, await call('DELETE', `inbox/${id}/`, viewer, orgOf(owner)));
  });

  it('answers 422 for bad ids and parameters, 401 without a token', async () => {
    const me = await registerUser(t);
    expectValidation(await call('GET', 'inbox/not-a-uuid/', me), 'id');
    expectValidation(await call('POST', 'inbox/123/mark_as_read/', me), 'id');
    expectValidation(await call('DELETE', 'nope/', me), 'id');
    expectValidation(await call('POST', 'nope/read/', me), 'id');
    expectValidation(await call('GET', 'inbox/?page=0', me), 'page');
    expectValidation(await call('GET', 'inbox/?page_size=101', me), 'page_size');
    expectValidation(await call('GET', '?unread=maybe', me), 'unread');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/inbox/unread_count/' });
    expectError(anonymous, 401, 'NOT_AUTHENTICATED');
  });
});
