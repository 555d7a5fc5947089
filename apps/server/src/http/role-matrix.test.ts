import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { createEvent, postCapture, visitor, type EventFixture } from '../../test/capture.ts';
import { HubspotDouble } from '../../test/doubles/hubspot-double.ts';
import { multipart, PNG, type Part } from '../../test/multipart.ts';
import {
  bearer,
  createTestApp,
  registerUser,
  setPlan,
  uniqueAddress,
  uniqueEmail,
  type TestApp,
} from '../../test/helpers.ts';
import { inScope } from '../db/tenant.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { notifications } from '../modules/notifications/notifications.table.ts';
import { memberships } from '../modules/organizations/organizations.table.ts';

/**
 * The role matrix of docs/roles.md, enforced: every API route (the test fails on a route missing
 * here) is called by an owner, an admin, a member and a viewer of one organisation, and answers
 * success to the roles the table allows and 403 PERMISSION_DENIED to the others. The table in
 * docs/roles.md must be exactly the one this file prints (the test compares them).
 */

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'viewer'];
const ALL = ROLES;
const WORK: readonly Role[] = ['owner', 'admin', 'member'];
const MANAGE: readonly Role[] = ['owner', 'admin'];

interface Request {
  url: string;
  body?: unknown;
  parts?: Part[];
  /** The organisation the request acts on, when not the main one. */
  organization?: string;
}

interface Route {
  method: Method;
  /** As in the OpenAPI document, without /api/v1. */
  path: string;
  /**
   * Roles answered with success; every other role gets 403. 'public' needs no sign-in at all;
   * 'staff' takes staff tokens only (modules/staff): every tenant role gets 401.
   */
  allowed: readonly Role[] | 'public' | 'staff';
  /** A note for the table (e.g. "own notes: member too"). */
  note?: string;
  /** The request for one role; may create what it acts on first (as the owner), fresh per role. */
  request?: (role: Role) => Promise<Request> | Request;
}

let t: TestApp;
const users = {} as Record<Role, User>;
let org = '';
let event: EventFixture;
let leadId = '';
let noteId = '';
let clientId = '';
let fileId = '';
let importId = '';
let bulkId = '';

/** A completed import of the owner's (an undo needs a fresh one per call). */
async function completedImport(): Promise<string> {
  const res = await call('POST', 'data/imports/', users.owner, { parts: csv() });
  const id = res.json<{ data: { id: string } }>().data.id;
  for (let i = 0; i < 200; i += 1) {
    const got = await call('GET', `data/imports/${id}/`, users.owner);
    if (got.json<{ data: { status: string } }>().data.status === 'completed') return id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not complete`);
}
let offerId = '';
let offerWithField = '';
let offerLeadId = '';
const notificationOf = {} as Record<Role, string>;

/** A browser's PushSubscription: its own P-256 key and auth secret, an endpoint nobody answers. */
function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

function call(method: Method, url: string, user: User | null, req: Omit<Request, 'url'> = {}, actingOn = org) {
  const form = req.parts ? multipart(req.parts) : undefined;
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    remoteAddress: uniqueAddress(),
    headers: { ...(user ? { ...bearer(user.access), 'x-organization-id': actingOn } : {}), ...form?.headers },
    ...(form
      ? { payload: form.payload }
      : req.body === undefined
        ? {}
        : { payload: req.body as Record<string, unknown> }),
  });
}

/** Something the owner creates for a test; answers the new record's id. */
async function ownerCreates(url: string, body: unknown): Promise<string> {
  const res = await call('POST', url, users.owner, { body });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}
// Nothing listens on port 9 of loopback: a test or resend fails fast, and still answers 200.
const WEBHOOK = { name: 'Matrix hook', url: 'http://127.0.0.1:9/hook', events: ['lead.created'] };
const newWebhook = () => ownerCreates('integrations/webhooks/', WEBHOOK);
// One webhook for the routes that leave it in place: an organisation has at most 20.
let sharedWebhook: Promise<string> | undefined;
const theWebhook = () => (sharedWebhook ??= newWebhook());
const EXPORT_TEMPLATE = { kind: 'export', resource: 'leads', columns: ['email', 'phone'] };
let sharedTemplate: Promise<string> | undefined;
const theTemplate = () => (sharedTemplate ??= ownerCreates('data/templates/', { ...EXPORT_TEMPLATE, name: 'Shared' }));
let sharedExport: Promise<string> | undefined;
const theExport = () => (sharedExport ??= ownerCreates('data/exports/', { resource: 'events', format: 'csv' }));
const newLead = () => ownerCreates('leads/', { first_name: 'Matrix', last_name: 'Lead', email: uniqueEmail('lead') });
const emailField = { id: 'email', type: 'email', label: 'Email' };
const newOffer = (withField = false) =>
  ownerCreates('offers/', { title: 'Matrix offer', ...(withField ? { form_fields: [emailField] } : {}) });
const newApiKey = () => ownerCreates('auth/api-keys/', { name: 'Matrix key', permissions: ['leads:read'] });
const newInvite = () => ownerCreates('auth/team/members/', { email: uniqueEmail('invitee'), role: 'viewer' });
/**
 * Another person's membership, whose availability only owners and admins set. Inactive: a joined
 * colleague would change what deleting the owner's account answers below.
 */
async function newColleague(): Promise<string> {
  const person = await registerUser(t);
  const [row] = await inScope(t.database.db, { organizationId: org }, (tx) =>
    tx
      .insert(memberships)
      .values({ organizationId: org, userId: person.user.id, role: 'member', status: 'inactive' })
      .returning({ id: memberships.id }),
  );
  return row?.id ?? '';
}
const png = (): Part[] => [{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG }];
const csv = (): Part[] => [
  { name: 'file', filename: 'leads.csv', contentType: 'text/csv', data: `email\n${uniqueEmail('import')}\n` },
];

const ROUTES: Route[] = [
  // --- public (skip-auth) ---
  { method: 'GET', path: '/status/', allowed: 'public' },
  { method: 'POST', path: '/auth/register/', allowed: 'public' },
  { method: 'POST', path: '/auth/login/', allowed: 'public' },
  { method: 'POST', path: '/auth/refresh/', allowed: 'public' },
  { method: 'POST', path: '/auth/token/verify/', allowed: 'public' },
  { method: 'POST', path: '/auth/password/reset/', allowed: 'public' },
  { method: 'POST', path: '/auth/password/reset/confirm/', allowed: 'public' },
  { method: 'POST', path: '/auth/verify-email/', allowed: 'public' },
  { method: 'POST', path: '/auth/resend-verification/', allowed: 'public' },
  { method: 'GET', path: '/auth/invitations/lookup/', allowed: 'public' },
  { method: 'GET', path: '/auth/social/', allowed: 'public' },
  { method: 'GET', path: '/auth/social/{provider}/start/', allowed: 'public', note: 'a configured provider' },
  { method: 'GET', path: '/auth/social/{provider}/callback/', allowed: 'public', note: 'the browser that started' },
  { method: 'POST', path: '/auth/invitations/accept/', allowed: 'public', note: 'signed in: own invitation' },
  { method: 'GET', path: '/public/files/{id}/', allowed: 'public' },
  { method: 'GET', path: '/public/events/{id_or_slug}/', allowed: 'public' },
  { method: 'GET', path: '/public/events/{id_or_slug}/form/', allowed: 'public' },
  { method: 'POST', path: '/public/events/{id_or_slug}/views/', allowed: 'public' },
  { method: 'POST', path: '/public/events/{id_or_slug}/leads/', allowed: 'public' },
  { method: 'POST', path: '/public/events/{id_or_slug}/files/', allowed: 'public', note: 'a form with a file field' },
  { method: 'POST', path: '/public/leads/confirm-email/', allowed: 'public' },
  { method: 'GET', path: '/public/offers/{id_or_slug}/', allowed: 'public' },
  { method: 'POST', path: '/public/offers/{id_or_slug}/views/', allowed: 'public' },
  { method: 'POST', path: '/public/offers/{id_or_slug}/submit/', allowed: 'public' },
  { method: 'POST', path: '/public/offers/{id_or_slug}/files/', allowed: 'public', note: 'a form with a file field' },
  { method: 'POST', path: '/contact/', allowed: 'public' },
  { method: 'POST', path: '/help/feedback/', allowed: 'public' },
  { method: 'GET', path: '/billing/plans/', allowed: 'public' },
  { method: 'GET', path: '/public/stats/', allowed: 'public' },
  { method: 'GET', path: '/billing/plans/popular/', allowed: 'public' },

  // --- the signed-in user's own account: every role ---
  { method: 'GET', path: '/auth/me/', allowed: ALL, request: () => ({ url: 'auth/me/' }) },
  {
    method: 'PATCH',
    path: '/auth/me/',
    allowed: ALL,
    request: () => ({ url: 'auth/me/', body: { job_title: 'Rep' } }),
  },
  {
    method: 'PATCH',
    path: '/auth/preferences/',
    allowed: ALL,
    request: () => ({ url: 'auth/preferences/', body: { language: 'en' } }),
  },
  {
    method: 'POST',
    path: '/auth/switch-organization/',
    allowed: ALL,
    request: () => ({ url: 'auth/switch-organization/', body: { organization_id: org } }),
  },
  { method: 'GET', path: '/auth/onboarding/', allowed: ALL, request: () => ({ url: 'auth/onboarding/' }) },
  { method: 'POST', path: '/auth/social/link/', allowed: ALL, note: 'own account, same verified email' },
  {
    method: 'PATCH',
    path: '/auth/onboarding/',
    allowed: ALL,
    request: () => ({ url: 'auth/onboarding/', body: { current_step: 'create_event' } }),
  },
  { method: 'GET', path: '/organizations/', allowed: ALL, request: () => ({ url: 'organizations/' }) },
  {
    method: 'POST',
    path: '/organizations/',
    allowed: ALL,
    note: 'another organisation, its creator the owner',
    request: () => ({ url: 'organizations/', body: { name: 'Matrix spare AB' } }),
  },
  { method: 'GET', path: '/notifications/', allowed: ALL, request: () => ({ url: 'notifications/' }) },
  { method: 'GET', path: '/notifications/inbox/', allowed: ALL, request: () => ({ url: 'notifications/inbox/' }) },
  {
    method: 'GET',
    path: '/notifications/inbox/unread_count/',
    allowed: ALL,
    request: () => ({ url: 'notifications/inbox/unread_count/' }),
  },
  {
    method: 'GET',
    path: '/notifications/{id}/',
    allowed: ALL,
    note: 'own',
    request: (r) => ({ url: `notifications/${notificationOf[r]}/` }),
  },
  {
    method: 'GET',
    path: '/notifications/inbox/{id}/',
    allowed: ALL,
    note: 'own',
    request: (r) => ({ url: `notifications/inbox/${notificationOf[r]}/` }),
  },
  {
    method: 'POST',
    path: '/notifications/{id}/read/',
    allowed: ALL,
    note: 'own',
    request: (r) => ({ url: `notifications/${notificationOf[r]}/read/` }),
  },
  {
    method: 'POST',
    path: '/notifications/inbox/{id}/mark_as_read/',
    allowed: ALL,
    note: 'own',
    request: (r) => ({ url: `notifications/inbox/${notificationOf[r]}/mark_as_read/` }),
  },
  {
    method: 'POST',
    path: '/notifications/mark-all-read/',
    allowed: ALL,
    request: () => ({ url: 'notifications/mark-all-read/' }),
  },
  {
    method: 'POST',
    path: '/notifications/inbox/mark_all_read/',
    allowed: ALL,
    request: () => ({ url: 'notifications/inbox/mark_all_read/' }),
  },
  {
    method: 'DELETE',
    path: '/notifications/inbox/{id}/',
    allowed: ALL,
    note: 'own',
    request: async (r) => ({ url: `notifications/inbox/${await newNotification(r)}/` }),
  },
  {
    method: 'DELETE',
    path: '/notifications/{id}/',
    allowed: ALL,
    note: 'own',
    request: async (r) => ({ url: `notifications/${await newNotification(r)}/` }),
  },
  {
    method: 'POST',
    path: '/notifications/inbox/{id}/mark_read/',
    allowed: ALL,
    note: 'own',
    request: (r) => ({ url: `notifications/inbox/${notificationOf[r]}/mark_read/` }),
  },
  ...(['/notifications/preferences/', '/notifications/preferences/me/'] as const).flatMap((path) => [
    { method: 'GET' as const, path, allowed: ALL, note: 'own', request: () => ({ url: path.slice(1) }) },
    ...(['PUT', 'PATCH'] as const).map((method) => ({
      method,
      path,
      allowed: ALL,
      note: 'own',
      request: () => ({ url: path.slice(1), body: { preferences: [{ category: 'system', push: true }] } }),
    })),
  ]),
  { method: 'GET', path: '/push/vapid-public-key/', allowed: 'public' },
  {
    method: 'POST',
    path: '/push/subscribe/',
    allowed: ALL,
    note: 'own browser',
    request: () => ({ url: 'push/subscribe/', body: pushSubscription() }),
  },
  {
    method: 'DELETE',
    path: '/push/subscribe/',
    allowed: ALL,
    note: 'own browser',
    request: async (r) => {
      const body = pushSubscription();
      const made = await call('POST', 'push/subscribe/', users[r], { body });
      if (made.statusCode !== 201) throw new Error(`push subscribe failed: ${made.body}`);
      return { url: 'push/subscribe/', body: { endpoint: body.endpoint } };
    },
  },
  {
    method: 'GET',
    path: '/notifications/settings/',
    allowed: ALL,
    request: () => ({ url: 'notifications/settings/' }),
  },
  {
    method: 'PATCH',
    path: '/notifications/settings/',
    allowed: MANAGE,
    request: () => ({ url: 'notifications/settings/', body: { hot_lead_score_threshold: 80 } }),
  },
  {
    method: 'GET',
    path: '/notifications/templates/',
    allowed: MANAGE,
    request: () => ({ url: 'notifications/templates/' }),
  },
  {
    method: 'GET',
    path: '/notifications/templates/{key}/',
    allowed: MANAGE,
    request: () => ({ url: 'notifications/templates/lead_new/' }),
  },
  {
    method: 'PUT',
    path: '/notifications/templates/{key}/',
    allowed: MANAGE,
    request: () => ({
      url: 'notifications/templates/lead_new/',
      body: { language: 'en', subject: 'New lead', body: 'Hi {{name}}, {{detail}}' },
    }),
  },
  {
    method: 'POST',
    path: '/notifications/templates/{key}/reset/',
    allowed: MANAGE,
    request: () => ({ url: 'notifications/templates/lead_new/reset/', body: { language: 'en' } }),
  },
  {
    method: 'POST',
    path: '/notifications/templates/{key}/preview/',
    allowed: MANAGE,
    request: () => ({ url: 'notifications/templates/lead_new/preview/', body: { language: 'sv' } }),
  },
  { method: 'GET', path: '/notifications/logs/', allowed: MANAGE, request: () => ({ url: 'notifications/logs/' }) },
  {
    method: 'POST',
    path: '/notifications/send/',
    allowed: MANAGE,
    request: () => ({ url: 'notifications/send/', body: { title: 'Matrix', message: 'Role check' } }),
  },
  // Run last for each role, in this order (see the second test): they end sessions or the account.
  { method: 'POST', path: '/auth/change-password/', allowed: ALL, note: 'own account' },
  { method: 'POST', path: '/auth/logout/', allowed: ALL, note: 'own session' },
  { method: 'POST', path: '/auth/delete-account/', allowed: ALL, note: 'own account; last owner: 409' },

  // --- the organisation ---
  { method: 'GET', path: '/organizations/{id}/', allowed: ALL, request: () => ({ url: `organizations/${org}/` }) },
  {
    method: 'PATCH',
    path: '/organizations/{id}/',
    allowed: MANAGE,
    request: () => ({ url: `organizations/${org}/`, body: { industry: 'technology' } }),
  },
  {
    method: 'PUT',
    path: '/organizations/{id}/',
    allowed: MANAGE,
    request: () => ({ url: `organizations/${org}/`, body: { name: 'Matrix AB', industry: 'technology' } }),
  },
  {
    method: 'DELETE',
    path: '/organizations/{id}/',
    allowed: ['owner'],
    note: 'not the user’s only organisation (409)',
    request: async () => ({ url: `organizations/${await teamOrganization()}/?confirmation=DELETE` }),
  },
  {
    method: 'GET',
    path: '/organizations/{id}/invitations/',
    allowed: ALL,
    request: () => ({ url: `organizations/${org}/invitations/` }),
  },
  {
    method: 'POST',
    path: '/organizations/{id}/invitations/',
    allowed: MANAGE,
    request: () => ({
      url: `organizations/${org}/invitations/`,
      body: { email: uniqueEmail('invitee'), role: 'viewer' },
    }),
  },
  {
    method: 'GET',
    path: '/organizations/{id}/members/',
    allowed: ALL,
    request: () => ({ url: `organizations/${org}/members/` }),
  },
  {
    method: 'GET',
    path: '/organizations/{id}/settings/',
    allowed: ALL,
    request: () => ({ url: `organizations/${org}/settings/` }),
  },
  {
    method: 'PATCH',
    path: '/organizations/{id}/settings/',
    allowed: MANAGE,
    request: () => ({ url: `organizations/${org}/settings/`, body: { notify_on_new_lead: true } }),
  },
  {
    method: 'GET',
    path: '/organizations/current/settings/',
    allowed: ALL,
    request: () => ({ url: 'organizations/current/settings/' }),
  },
  {
    method: 'PATCH',
    path: '/organizations/current/settings/',
    allowed: MANAGE,
    request: () => ({ url: 'organizations/current/settings/', body: { lead_follow_up_days: 2 } }),
  },
  {
    method: 'POST',
    path: '/organizations/{id}/logo/',
    allowed: MANAGE,
    request: () => ({ url: `organizations/${org}/logo/`, parts: png() }),
  },
  {
    method: 'DELETE',
    path: '/organizations/{id}/logo/',
    allowed: MANAGE,
    request: () => ({ url: `organizations/${org}/logo/` }),
  },

  // --- the team ---
  { method: 'GET', path: '/auth/team/members/', allowed: ALL, request: () => ({ url: 'auth/team/members/' }) },
  {
    method: 'POST',
    path: '/auth/team/members/',
    allowed: MANAGE,
    note: 'owner role: owner only',
    request: () => ({ url: 'auth/team/members/', body: { email: uniqueEmail('matrix'), role: 'member' } }),
  },
  {
    method: 'GET',
    path: '/auth/team/members/{id}/',
    allowed: ALL,
    request: async () => ({ url: `auth/team/members/${await newInvite()}/` }),
  },
  {
    method: 'PATCH',
    path: '/auth/team/members/{id}/',
    allowed: MANAGE,
    note: 'an owner: owner only',
    request: async () => ({ url: `auth/team/members/${await newInvite()}/`, body: { department: 'Sales' } }),
  },
  {
    method: 'DELETE',
    path: '/auth/team/members/{id}/',
    allowed: MANAGE,
    note: 'an owner: owner only',
    request: async () => ({ url: `auth/team/members/${await newInvite()}/` }),
  },
  {
    method: 'PUT',
    path: '/auth/team/members/{id}/availability/',
    allowed: MANAGE,
    note: 'own: every role',
    request: async () => ({
      url: `auth/team/members/${await newColleague()}/availability/`,
      body: { available: false },
    }),
  },
  {
    method: 'POST',
    path: '/auth/team/members/{id}/resend-invite/',
    allowed: MANAGE,
    request: async () => ({ url: `auth/team/members/${await newInvite()}/resend-invite/` }),
  },

  // --- API keys (docs/api-keys.md) ---
  { method: 'GET', path: '/auth/api-keys/', allowed: MANAGE, request: () => ({ url: 'auth/api-keys/' }) },
  {
    method: 'POST',
    path: '/auth/api-keys/',
    allowed: MANAGE,
    request: () => ({ url: 'auth/api-keys/', body: { name: 'Matrix key', permissions: ['leads:read'] } }),
  },
  {
    method: 'GET',
    path: '/auth/api-keys/{id}/',
    allowed: MANAGE,
    request: async () => ({ url: `auth/api-keys/${await newApiKey()}/` }),
  },
  {
    method: 'PATCH',
    path: '/auth/api-keys/{id}/',
    allowed: MANAGE,
    request: async () => ({ url: `auth/api-keys/${await newApiKey()}/`, body: { name: 'Renamed' } }),
  },
  {
    method: 'DELETE',
    path: '/auth/api-keys/{id}/',
    allowed: MANAGE,
    request: async () => ({ url: `auth/api-keys/${await newApiKey()}/` }),
  },
  {
    method: 'POST',
    path: '/auth/api-keys/{id}/regenerate/',
    allowed: MANAGE,
    request: async () => ({ url: `auth/api-keys/${await newApiKey()}/regenerate/` }),
  },
  {
    method: 'GET',
    path: '/auth/api-keys/{id}/usage/',
    allowed: MANAGE,
    request: async () => ({ url: `auth/api-keys/${await newApiKey()}/usage/` }),
  },

  // --- files ---
  { method: 'POST', path: '/files/upload/', allowed: WORK, request: () => ({ url: 'files/upload/', parts: png() }) },
  { method: 'GET', path: '/files/{id}/', allowed: ALL, request: () => ({ url: `files/${fileId}/` }) },
  { method: 'GET', path: '/files/{id}/download/', allowed: ALL, request: () => ({ url: `files/${fileId}/download/` }) },
  {
    method: 'DELETE',
    path: '/files/{id}/',
    allowed: MANAGE,
    note: "another's file; own: member too",
    request: async () => ({ url: `files/${await upload()}/` }),
  },

  // --- events ---
  { method: 'GET', path: '/events/', allowed: ALL, request: () => ({ url: 'events/' }) },
  {
    method: 'POST',
    path: '/events/',
    allowed: WORK,
    request: () => ({ url: 'events/', body: { name: 'Matrix Expo' } }),
  },
  {
    method: 'GET',
    path: '/events/slug-availability/',
    allowed: ALL,
    request: () => ({ url: 'events/slug-availability/?slug=matrix-expo' }),
  },
  { method: 'GET', path: '/events/templates/', allowed: ALL, request: () => ({ url: 'events/templates/' }) },
  {
    method: 'POST',
    path: '/events/templates/',
    allowed: WORK,
    request: () => ({ url: 'events/templates/', body: { event_id: event.id, name: `Ours ${randomUUID()}` } }),
  },
  {
    method: 'DELETE',
    path: '/events/templates/{id}/',
    allowed: WORK,
    request: async () => ({
      url: `events/templates/${await ownerCreates('events/templates/', { event_id: event.id, name: `T ${randomUUID()}` })}/`,
    }),
  },
  { method: 'GET', path: '/events/{id}/', allowed: ALL, request: () => ({ url: `events/${event.id}/` }) },
  {
    method: 'PATCH',
    path: '/events/{id}/',
    allowed: WORK,
    request: () => ({ url: `events/${event.id}/`, body: { description: 'Updated' } }),
  },
  {
    method: 'DELETE',
    path: '/events/{id}/',
    allowed: WORK,
    request: async () => ({ url: `events/${(await createEvent(t, org)).id}/` }),
  },
  { method: 'GET', path: '/events/{id}/forms/', allowed: ALL, request: () => ({ url: `events/${event.id}/forms/` }) },
  {
    method: 'PUT',
    path: '/events/{id}/forms/',
    allowed: WORK,
    request: () => ({ url: `events/${event.id}/forms/`, body: { form_fields: [] } }),
  },
  {
    method: 'GET',
    path: '/events/{id}/assignment/',
    allowed: ALL,
    request: () => ({ url: `events/${event.id}/assignment/` }),
  },
  {
    method: 'PUT',
    path: '/events/{id}/assignment/',
    allowed: WORK,
    request: () => ({ url: `events/${event.id}/assignment/`, body: { mode: 'round_robin', user_ids: [] } }),
  },
  {
    method: 'GET',
    path: '/events/{id}/scoring_rules/',
    allowed: ALL,
    request: () => ({ url: `events/${event.id}/scoring_rules/` }),
  },
  {
    method: 'PUT',
    path: '/events/{id}/scoring_rules/',
    allowed: WORK,
    request: () => ({ url: `events/${event.id}/scoring_rules/`, body: { rules: [] } }),
  },
  {
    method: 'GET',
    path: '/events/{id}/qr-code/',
    allowed: ALL,
    request: () => ({ url: `events/${event.id}/qr-code/` }),
  },
  {
    method: 'GET',
    path: '/events/{id}/analytics/',
    allowed: ALL,
    request: () => ({ url: `events/${event.id}/analytics/` }),
  },
  {
    method: 'POST',
    path: '/events/{id}/logo/',
    allowed: WORK,
    request: () => ({ url: `events/${event.id}/logo/`, parts: png() }),
  },
  { method: 'DELETE', path: '/events/{id}/logo/', allowed: WORK, request: () => ({ url: `events/${event.id}/logo/` }) },
  { method: 'GET', path: '/events/{id}/leads/', allowed: ALL, request: () => ({ url: `events/${event.id}/leads/` }) },

  // --- offers ---
  { method: 'GET', path: '/offers/', allowed: ALL, request: () => ({ url: 'offers/' }) },
  {
    method: 'POST',
    path: '/offers/',
    allowed: WORK,
    request: () => ({ url: 'offers/', body: { title: 'Matrix offer' } }),
  },
  {
    method: 'GET',
    path: '/offers/slug-availability/',
    allowed: ALL,
    request: () => ({ url: 'offers/slug-availability/?slug=matrix-offer' }),
  },
  { method: 'GET', path: '/offers/{id}/', allowed: ALL, request: () => ({ url: `offers/${offerId}/` }) },
  {
    method: 'PATCH',
    path: '/offers/{id}/',
    allowed: WORK,
    request: () => ({ url: `offers/${offerId}/`, body: { description: 'Updated' } }),
  },
  {
    method: 'DELETE',
    path: '/offers/{id}/',
    allowed: WORK,
    request: async () => ({ url: `offers/${await newOffer()}/` }),
  },
  {
    method: 'GET',
    path: '/offers/{id}/assignment/',
    allowed: ALL,
    request: () => ({ url: `offers/${offerId}/assignment/` }),
  },
  {
    method: 'PUT',
    path: '/offers/{id}/assignment/',
    allowed: WORK,
    request: () => ({ url: `offers/${offerId}/assignment/`, body: { mode: 'round_robin', user_ids: [] } }),
  },
  {
    method: 'GET',
    path: '/offers/{id}/scoring_rules/',
    allowed: ALL,
    request: () => ({ url: `offers/${offerId}/scoring_rules/` }),
  },
  {
    method: 'PUT',
    path: '/offers/{id}/scoring_rules/',
    allowed: WORK,
    request: () => ({ url: `offers/${offerId}/scoring_rules/`, body: { rules: [] } }),
  },
  {
    method: 'POST',
    path: '/offers/{id}/activate/',
    allowed: WORK,
    request: () => ({ url: `offers/${offerId}/activate/` }),
  },
  {
    method: 'POST',
    path: '/offers/{id}/archive/',
    allowed: WORK,
    request: async () => ({ url: `offers/${await newOffer()}/archive/` }),
  },
  {
    method: 'POST',
    path: '/offers/{id}/duplicate/',
    allowed: WORK,
    request: () => ({ url: `offers/${offerId}/duplicate/` }),
  },
  { method: 'GET', path: '/offers/{id}/stats/', allowed: ALL, request: () => ({ url: `offers/${offerId}/stats/` }) },
  {
    method: 'GET',
    path: '/offers/{id}/qr-code/',
    allowed: ALL,
    request: () => ({ url: `offers/${offerId}/qr-code/` }),
  },
  { method: 'GET', path: '/offers/{id}/fields/', allowed: ALL, request: () => ({ url: `offers/${offerId}/fields/` }) },
  {
    method: 'POST',
    path: '/offers/{id}/fields/',
    allowed: WORK,
    request: (role) => ({
      url: `offers/${offerId}/fields/`,
      body: { field: { id: `extra_${role}`, type: 'text', label: 'Extra' } },
    }),
  },
  {
    method: 'POST',
    path: '/offers/{id}/fields/reorder/',
    allowed: WORK,
    request: () => ({ url: `offers/${offerWithField}/fields/reorder/`, body: { field_ids: ['email'] } }),
  },
  {
    method: 'GET',
    path: '/offers/{id}/fields/{fieldId}/',
    allowed: ALL,
    request: () => ({ url: `offers/${offerWithField}/fields/email/` }),
  },
  {
    method: 'PATCH',
    path: '/offers/{id}/fields/{fieldId}/',
    allowed: WORK,
    request: () => ({ url: `offers/${offerWithField}/fields/email/`, body: { label: 'Work email' } }),
  },
  {
    method: 'DELETE',
    path: '/offers/{id}/fields/{fieldId}/',
    allowed: WORK,
    request: async () => ({ url: `offers/${await newOffer(true)}/fields/email/` }),
  },
  { method: 'GET', path: '/offers/{id}/leads/', allowed: ALL, request: () => ({ url: `offers/${offerId}/leads/` }) },
  {
    method: 'GET',
    path: '/offers/{id}/leads/{leadId}/',
    allowed: ALL,
    request: () => ({ url: `offers/${offerId}/leads/${offerLeadId}/` }),
  },

  // --- leads ---
  { method: 'GET', path: '/leads/', allowed: ALL, request: () => ({ url: 'leads/' }) },
  {
    method: 'POST',
    path: '/leads/',
    allowed: WORK,
    request: () => ({ url: 'leads/', body: { first_name: 'New', last_name: 'Lead', email: uniqueEmail('new') } }),
  },
  {
    method: 'POST',
    path: '/leads/bulk/',
    allowed: WORK,
    request: () => ({ url: 'leads/bulk/', body: { action: 'status', ids: [leadId], status: 'contacted' } }),
  },
  { method: 'GET', path: '/leads/scoring_rules/', allowed: ALL, request: () => ({ url: 'leads/scoring_rules/' }) },
  {
    method: 'PUT',
    path: '/leads/scoring_rules/',
    allowed: MANAGE,
    request: async () => {
      const res = await call('GET', 'leads/scoring_rules/', users.owner);
      const { rules } = res.json<{ data: { rules: unknown } }>().data;
      return { url: 'leads/scoring_rules/', body: rules };
    },
  },
  { method: 'GET', path: '/leads/{id}/', allowed: ALL, request: () => ({ url: `leads/${leadId}/` }) },
  {
    method: 'PATCH',
    path: '/leads/{id}/',
    allowed: WORK,
    request: () => ({ url: `leads/${leadId}/`, body: { company: 'Fjord AB' } }),
  },
  {
    method: 'DELETE',
    path: '/leads/{id}/',
    allowed: WORK,
    request: async () => ({ url: `leads/${await newLead()}/` }),
  },
  {
    method: 'POST',
    path: '/leads/{id}/merge/',
    allowed: WORK,
    request: async () => ({ url: `leads/${await newLead()}/merge/`, body: { source: await newLead() } }),
  },
  {
    method: 'POST',
    path: '/leads/{id}/restore/',
    allowed: WORK,
    request: async () => {
      const id = await newLead();
      await call('DELETE', `leads/${id}/`, users.owner);
      return { url: `leads/${id}/restore/` };
    },
  },
  {
    method: 'POST',
    path: '/leads/{id}/status/',
    allowed: WORK,
    request: () => ({ url: `leads/${leadId}/status/`, body: { status: 'qualified' } }),
  },
  {
    method: 'POST',
    path: '/leads/{id}/assign/',
    allowed: WORK,
    request: () => ({ url: `leads/${leadId}/assign/`, body: { assigned_to: users.member.user.id } }),
  },
  { method: 'GET', path: '/leads/{id}/score/', allowed: ALL, request: () => ({ url: `leads/${leadId}/score/` }) },
  {
    method: 'PUT',
    path: '/leads/{id}/score/',
    allowed: WORK,
    request: () => ({ url: `leads/${leadId}/score/`, body: { manual_score: 40 } }),
  },
  {
    method: 'GET',
    path: '/leads/{id}/activities/',
    allowed: ALL,
    request: () => ({ url: `leads/${leadId}/activities/` }),
  },
  {
    method: 'POST',
    path: '/leads/{id}/activities/',
    allowed: WORK,
    request: () => ({ url: `leads/${leadId}/activities/`, body: { type: 'call', description: 'Called' } }),
  },
  { method: 'GET', path: '/leads/{id}/notes/', allowed: ALL, request: () => ({ url: `leads/${leadId}/notes/` }) },
  {
    method: 'POST',
    path: '/leads/{id}/notes/',
    allowed: WORK,
    request: () => ({ url: `leads/${leadId}/notes/`, body: { body: 'A note' } }),
  },
  {
    method: 'PATCH',
    path: '/leads/{id}/notes/{noteId}/',
    allowed: MANAGE,
    note: "another's note; own: member too",
    request: () => ({ url: `leads/${leadId}/notes/${noteId}/`, body: { body: 'Edited' } }),
  },
  {
    method: 'DELETE',
    path: '/leads/{id}/notes/{noteId}/',
    allowed: MANAGE,
    note: "another's note; own: member too",
    request: async () => ({
      url: `leads/${leadId}/notes/${await ownerCreates(`leads/${leadId}/notes/`, { body: 'To delete' })}/`,
    }),
  },
  {
    method: 'POST',
    path: '/leads/{id}/approve/',
    allowed: WORK,
    request: async () => ({ url: `leads/${await pendingLead()}/approve/` }),
  },
  {
    method: 'POST',
    path: '/leads/{id}/reject/',
    allowed: WORK,
    request: async () => ({ url: `leads/${await pendingLead()}/reject/` }),
  },
  {
    method: 'GET',
    path: '/leads/conversion_stats/',
    allowed: ALL,
    request: () => ({ url: 'leads/conversion_stats/' }),
  },
  {
    method: 'POST',
    path: '/leads/{id}/convert_to_client/',
    allowed: WORK,
    request: async () => ({ url: `leads/${await newLead()}/convert_to_client/`, body: {} }),
  },
  { method: 'GET', path: '/leads/export/', allowed: ALL, request: () => ({ url: 'leads/export/' }) },
  { method: 'GET', path: '/leads/import_template/', allowed: ALL, request: () => ({ url: 'leads/import_template/' }) },
  {
    method: 'POST',
    path: '/leads/import_leads/preview/',
    allowed: WORK,
    request: () => ({ url: 'leads/import_leads/preview/', parts: csv() }),
  },
  {
    method: 'POST',
    path: '/leads/import_leads/',
    allowed: WORK,
    request: () => ({ url: 'leads/import_leads/', parts: csv() }),
  },
  { method: 'GET', path: '/data/imports/', allowed: ALL, request: () => ({ url: 'data/imports/' }) },
  { method: 'GET', path: '/data/imports/{id}/', allowed: ALL, request: () => ({ url: `data/imports/${importId}/` }) },
  { method: 'POST', path: '/data/imports/', allowed: WORK, request: () => ({ url: 'data/imports/', parts: csv() }) },
  {
    method: 'POST',
    path: '/data/imports/preview/',
    allowed: WORK,
    request: () => ({ url: 'data/imports/preview/', parts: csv() }),
  },
  {
    method: 'GET',
    path: '/data/imports/{id}/results/',
    allowed: ALL,
    request: () => ({ url: `data/imports/${importId}/results/` }),
  },
  {
    method: 'POST',
    path: '/data/imports/{id}/undo/',
    allowed: WORK,
    request: async () => ({ url: `data/imports/${await completedImport()}/undo/` }),
  },
  {
    method: 'POST',
    path: '/data/bulk/',
    allowed: WORK,
    request: () => ({
      url: 'data/bulk/',
      body: { resource: 'leads', action: 'status', ids: [leadId], params: { status: 'contacted' } },
    }),
  },
  { method: 'GET', path: '/data/bulk/', allowed: ALL, request: () => ({ url: 'data/bulk/' }) },
  { method: 'GET', path: '/data/bulk/{id}/', allowed: ALL, request: () => ({ url: `data/bulk/${bulkId}/` }) },
  {
    method: 'POST',
    path: '/data/exports/',
    allowed: ALL,
    note: 'each resource’s read permission',
    request: () => ({ url: 'data/exports/', body: { resource: 'events', format: 'json' } }),
  },
  { method: 'GET', path: '/data/exports/', allowed: ALL, request: () => ({ url: 'data/exports/' }) },
  {
    method: 'GET',
    path: '/data/exports/columns/',
    allowed: ALL,
    request: () => ({ url: 'data/exports/columns/?resource=leads' }),
  },
  {
    method: 'GET',
    path: '/data/exports/{id}/',
    allowed: ALL,
    request: async () => ({ url: `data/exports/${await theExport()}/` }),
  },
  {
    method: 'GET',
    path: '/data/exports/{id}/download/',
    allowed: 'public',
    note: 'the signed download_url, or signed in as any role',
  },
  { method: 'GET', path: '/data/templates/', allowed: ALL, request: () => ({ url: 'data/templates/' }) },
  {
    method: 'POST',
    path: '/data/templates/',
    allowed: WORK,
    request: (role) => ({ url: 'data/templates/', body: { ...EXPORT_TEMPLATE, name: `Columns ${role}` } }),
  },
  {
    method: 'GET',
    path: '/data/templates/blank/',
    allowed: ALL,
    request: () => ({ url: 'data/templates/blank/?resource=leads&format=csv' }),
  },
  {
    method: 'GET',
    path: '/data/templates/{id}/',
    allowed: ALL,
    request: async () => ({ url: `data/templates/${await theTemplate()}/` }),
  },
  {
    method: 'PATCH',
    path: '/data/templates/{id}/',
    allowed: WORK,
    request: async (role) => ({ url: `data/templates/${await theTemplate()}/`, body: { name: `Renamed ${role}` } }),
  },
  {
    method: 'DELETE',
    path: '/data/templates/{id}/',
    allowed: WORK,
    request: async (role) => ({
      url: `data/templates/${await ownerCreates('data/templates/', { ...EXPORT_TEMPLATE, name: `Gone ${role}` })}/`,
    }),
  },

  // --- clients ---
  { method: 'GET', path: '/clients/', allowed: ALL, request: () => ({ url: 'clients/' }) },
  {
    method: 'POST',
    path: '/clients/',
    allowed: WORK,
    request: () => ({ url: 'clients/', body: { company_name: 'Matrix AB' } }),
  },
  { method: 'GET', path: '/clients/stats/', allowed: ALL, request: () => ({ url: 'clients/stats/' }) },
  { method: 'GET', path: '/clients/{id}/', allowed: ALL, request: () => ({ url: `clients/${clientId}/` }) },
  {
    method: 'PATCH',
    path: '/clients/{id}/',
    allowed: WORK,
    request: () => ({ url: `clients/${clientId}/`, body: { notes: 'Edited' } }),
  },
  {
    method: 'DELETE',
    path: '/clients/{id}/',
    allowed: WORK,
    request: async () => ({ url: `clients/${await ownerCreates('clients/', { company_name: 'Gone AB' })}/` }),
  },

  // --- analytics ---
  {
    method: 'GET',
    path: '/analytics/dashboard/overview/',
    allowed: ALL,
    request: () => ({ url: 'analytics/dashboard/overview/' }),
  },
  {
    method: 'GET',
    path: '/analytics/dashboard/events_summary/',
    allowed: ALL,
    request: () => ({ url: 'analytics/dashboard/events_summary/' }),
  },
  {
    method: 'GET',
    path: '/analytics/dashboard/leads_summary/',
    allowed: ALL,
    request: () => ({ url: 'analytics/dashboard/leads_summary/' }),
  },
  {
    method: 'GET',
    path: '/analytics/dashboard/team-summary/',
    allowed: ALL,
    request: () => ({ url: 'analytics/dashboard/team-summary/' }),
  },
  {
    method: 'GET',
    path: '/analytics/leads/overview/',
    allowed: ALL,
    request: () => ({ url: 'analytics/leads/overview/' }),
  },
  {
    method: 'GET',
    path: '/analytics/reports/',
    allowed: ALL,
    request: () => ({ url: 'analytics/reports/' }),
  },
  {
    method: 'GET',
    path: '/analytics/real-time/metrics/',
    allowed: ALL,
    request: () => ({ url: 'analytics/real-time/metrics/' }),
  },
  {
    method: 'GET',
    path: '/analytics/events/{id}/metrics/',
    allowed: ALL,
    request: () => ({ url: `analytics/events/${event.id}/metrics/` }),
  },
  {
    method: 'GET',
    path: '/analytics/events/{id}/funnel/',
    allowed: ALL,
    request: () => ({ url: `analytics/events/${event.id}/funnel/` }),
  },
  {
    method: 'GET',
    path: '/analytics/export/',
    allowed: ALL,
    request: () => ({ url: 'analytics/export/?format=csv' }),
  },

  // --- billing: owner and admin read, the owner changes ---
  {
    method: 'GET',
    path: '/billing/subscriptions/',
    allowed: MANAGE,
    request: () => ({ url: 'billing/subscriptions/' }),
  },
  {
    method: 'GET',
    path: '/billing/subscriptions/current/',
    allowed: MANAGE,
    request: () => ({ url: 'billing/subscriptions/current/' }),
  },
  {
    method: 'GET',
    path: '/billing/subscriptions/usage/',
    allowed: MANAGE,
    request: () => ({ url: 'billing/subscriptions/usage/' }),
  },
  // Each on a trialing organisation of the main team (billingOrganization); the main one is on enterprise.
  {
    method: 'POST',
    path: '/billing/subscriptions/',
    allowed: ['owner'],
    request: async () => ({
      url: 'billing/subscriptions/',
      body: { plan_id: 'starter', billing_cycle: 'monthly' },
      organization: await billingOrganization('start'),
    }),
  },
  {
    method: 'PUT',
    path: '/billing/subscriptions/{id}/',
    allowed: ['owner'],
    request: async () => {
      const organization = await billingOrganization('change');
      return {
        url: `billing/subscriptions/${await subscriptionId(organization)}/`,
        body: { cancel_at_period_end: true },
        organization,
      };
    },
  },
  {
    method: 'POST',
    path: '/billing/subscriptions/{id}/cancel/',
    allowed: ['owner'],
    request: async () => {
      const organization = await billingOrganization('cancel');
      return { url: `billing/subscriptions/${await subscriptionId(organization)}/cancel/`, organization };
    },
  },
  {
    method: 'GET',
    path: '/billing/customers/me/',
    allowed: MANAGE,
    request: async () => ({ url: 'billing/customers/me/', organization: (await billingCustomer()).organization }),
  },
  {
    method: 'POST',
    path: '/billing/customers/me/',
    allowed: ['owner'],
    request: async () => ({
      url: 'billing/customers/me/',
      body: BILLING_CUSTOMER,
      organization: await billingOrganization('checkout'),
    }),
  },
  {
    method: 'PUT',
    path: '/billing/customers/{id}/',
    allowed: ['owner'],
    request: async () => {
      const { organization, id } = await billingCustomer();
      return { url: `billing/customers/${id}/`, body: { ...BILLING_CUSTOMER, city: 'Uppsala' }, organization };
    },
  },
  {
    method: 'GET',
    path: '/billing/payment-methods/',
    allowed: MANAGE,
    request: () => ({ url: 'billing/payment-methods/' }),
  },
  {
    method: 'POST',
    path: '/billing/payment-methods/',
    allowed: ['owner'],
    request: () => ({ url: 'billing/payment-methods/', body: { type: 'card', label: 'Matrix Visa' } }),
  },
  {
    method: 'POST',
    path: '/billing/payment-methods/{id}/set-default/',
    allowed: ['owner'],
    request: async () => ({ url: `billing/payment-methods/${await newPaymentMethod()}/set-default/` }),
  },
  {
    method: 'DELETE',
    path: '/billing/payment-methods/{id}/',
    allowed: ['owner'],
    request: async () => ({ url: `billing/payment-methods/${await newPaymentMethod()}/` }),
  },
  { method: 'GET', path: '/billing/invoices/', allowed: MANAGE, request: () => ({ url: 'billing/invoices/' }) },
  {
    method: 'GET',
    path: '/billing/invoices/{id}/download/',
    allowed: MANAGE,
    request: async () => {
      const { organization, id } = await billingInvoice();
      return { url: `billing/invoices/${id}/download/`, organization };
    },
  },
  {
    method: 'POST',
    path: '/billing/invoices/{id}/pay/',
    allowed: ['owner'],
    request: async () => {
      const { organization, id } = await billingInvoice();
      return { url: `billing/invoices/${id}/pay/`, organization };
    },
  },
  {
    method: 'GET',
    path: '/billing/invoices/{id}/pdf/',
    allowed: 'public',
    note: 'the signed address download/ answers',
  },
  { method: 'GET', path: '/billing/payments/', allowed: MANAGE, request: () => ({ url: 'billing/payments/' }) },
  { method: 'GET', path: '/billing/usage/', allowed: MANAGE, request: () => ({ url: 'billing/usage/' }) },
  { method: 'GET', path: '/billing/stats/', allowed: MANAGE, request: () => ({ url: 'billing/stats/' }) },
  {
    method: 'POST',
    path: '/billing/checkout/',
    allowed: ['owner'],
    request: async () => ({
      url: 'billing/checkout/',
      body: { plan_id: 'professional' },
      organization: await billingOrganization('checkout'),
    }),
  },
  {
    method: 'GET',
    path: '/billing/checkout/{id}/',
    allowed: ['owner'],
    request: async () => {
      const { organization, id } = await checkoutSession();
      return { url: `billing/checkout/${id}/`, organization };
    },
  },
  {
    method: 'POST',
    path: '/billing/checkout/{id}/complete/',
    allowed: ['owner'],
    request: async () => {
      const { organization, id } = await checkoutSession();
      return {
        url: `billing/checkout/${id}/complete/`,
        body: { customer: BILLING_CUSTOMER, payment_method: { type: 'card', label: 'Matrix Visa' } },
        organization,
      };
    },
  },
  {
    method: 'POST',
    path: '/billing/portal/',
    allowed: ['owner'],
    request: () => ({ url: 'billing/portal/', body: {} }),
  },

  // --- integrations: every role reads, owner and admin manage ---
  { method: 'GET', path: '/integrations/', allowed: ALL, request: () => ({ url: 'integrations/' }) },
  {
    method: 'POST',
    path: '/integrations/{kind}/connect/',
    allowed: MANAGE,
    request: async () => {
      await hubspotIntegration('inactive');
      return { url: 'integrations/hubspot/connect/', body: { config: { access_token: hub.token } } };
    },
  },
  {
    method: 'GET',
    path: '/integrations/{id}/',
    allowed: ALL,
    request: async () => ({ url: `integrations/${await hubspotIntegration('connected')}/` }),
  },
  {
    method: 'PATCH',
    path: '/integrations/{id}/',
    allowed: MANAGE,
    request: async () => ({
      url: `integrations/${await hubspotIntegration('connected')}/`,
      body: { config: { access_token: hub.token } },
    }),
  },
  {
    method: 'POST',
    path: '/integrations/{id}/sync/',
    allowed: MANAGE,
    request: async () => ({ url: `integrations/${await hubspotIntegration('connected')}/sync/` }),
  },
  {
    method: 'POST',
    path: '/integrations/{id}/disconnect/',
    allowed: MANAGE,
    request: async () => ({ url: `integrations/${await hubspotIntegration('connected')}/disconnect/` }),
  },
  {
    method: 'GET',
    path: '/integrations/salesforce/callback/',
    allowed: 'public',
    note: "Salesforce's redirect; the sealed state names the user",
  },
  // --- Zapier REST hooks: a Zap reads as its user may; those who work on leads subscribe ---
  {
    method: 'GET',
    path: '/integrations/zapier/me/',
    allowed: ALL,
    request: () => ({ url: 'integrations/zapier/me/' }),
  },
  {
    method: 'GET',
    path: '/integrations/zapier/hooks/',
    allowed: ALL,
    request: () => ({ url: 'integrations/zapier/hooks/' }),
  },
  {
    method: 'POST',
    path: '/integrations/zapier/hooks/',
    allowed: WORK,
    request: (role) => ({
      url: 'integrations/zapier/hooks/',
      body: { target_url: `http://127.0.0.1:9/hooks/catch/matrix/${role}/`, event: 'lead.created' },
    }),
  },
  {
    method: 'DELETE',
    path: '/integrations/zapier/hooks/{id}/',
    allowed: WORK,
    request: async () => ({ url: `integrations/zapier/hooks/${await newZapierHook()}/` }),
  },
  {
    method: 'GET',
    path: '/integrations/zapier/samples/{event}/',
    allowed: ALL,
    request: () => ({ url: 'integrations/zapier/samples/lead.created/' }),
  },
  // --- webhooks: owner and admin (a webhook's URL often carries its receiver's credential) ---
  {
    method: 'GET',
    path: '/integrations/webhooks/',
    allowed: MANAGE,
    request: () => ({ url: 'integrations/webhooks/' }),
  },
  {
    method: 'POST',
    path: '/integrations/webhooks/',
    allowed: MANAGE,
    request: () => ({ url: 'integrations/webhooks/', body: WEBHOOK }),
  },
  {
    method: 'GET',
    path: '/integrations/webhooks/{id}/',
    allowed: MANAGE,
    request: async () => ({ url: `integrations/webhooks/${await theWebhook()}/` }),
  },
  {
    method: 'PATCH',
    path: '/integrations/webhooks/{id}/',
    allowed: MANAGE,
    request: async () => ({ url: `integrations/webhooks/${await theWebhook()}/`, body: { name: 'Renamed' } }),
  },
  {
    method: 'DELETE',
    path: '/integrations/webhooks/{id}/',
    allowed: MANAGE,
    request: async () => ({ url: `integrations/webhooks/${await newWebhook()}/` }),
  },
  {
    method: 'POST',
    path: '/integrations/webhooks/{id}/test/',
    allowed: MANAGE,
    note: 'answers the attempt, failed or not',
    request: async () => ({ url: `integrations/webhooks/${await theWebhook()}/test/` }),
  },
  {
    method: 'POST',
    path: '/integrations/webhooks/{id}/rotate-secret/',
    allowed: MANAGE,
    request: async () => ({ url: `integrations/webhooks/${await theWebhook()}/rotate-secret/` }),
  },
  {
    method: 'GET',
    path: '/integrations/webhooks/{id}/deliveries/',
    allowed: MANAGE,
    request: async () => ({ url: `integrations/webhooks/${await theWebhook()}/deliveries/` }),
  },
  {
    method: 'POST',
    path: '/integrations/webhooks/{id}/deliveries/{delivery_id}/resend/',
    allowed: MANAGE,
    request: async () => {
      const webhook = await theWebhook();
      const delivery = await ownerCreates(`integrations/webhooks/${webhook}/test/`, {});
      return { url: `integrations/webhooks/${webhook}/deliveries/${delivery}/resend/` };
    },
  },
  {
    method: 'GET',
    path: '/audit-logs/',
    allowed: ['owner'],
    request: () => ({ url: 'audit-logs/' }),
  },
  { method: 'POST', path: '/staff/auth/login/', allowed: 'public', note: 'staff sign-in (docs/staff.md)' },
  { method: 'GET', path: '/staff/auth/me/', allowed: 'staff', note: 'staff: support and admin' },
  { method: 'GET', path: '/staff/organizations/', allowed: 'staff', note: 'staff: support and admin' },
  { method: 'GET', path: '/staff/organizations/{id}/', allowed: 'staff', note: 'staff: support and admin' },
  { method: 'GET', path: '/staff/users/', allowed: 'staff', note: 'staff: support and admin' },
  { method: 'POST', path: '/staff/users/{id}/actions/', allowed: 'staff', note: 'staff: support and admin' },
  { method: 'GET', path: '/staff/audit-logs/', allowed: 'staff', note: 'staff: support and admin' },
  { method: 'GET', path: '/staff/health/', allowed: 'staff', note: 'staff: support and admin' },
  { method: 'POST', path: '/staff/impersonate/', allowed: 'staff', note: 'staff; write mode: admin' },
  {
    method: 'GET',
    path: '/staff/impersonate/status/',
    allowed: 'staff',
    note: 'staff, or the impersonation token',
  },
  { method: 'POST', path: '/staff/impersonate/exit/', allowed: 'staff', note: 'staff, or the impersonation token' },
  { method: 'GET', path: '/admin/users/', allowed: 'staff', note: 'staff admin' },
  { method: 'GET', path: '/admin/organizations/', allowed: 'staff', note: 'staff admin' },
  { method: 'GET', path: '/admin/settings/', allowed: 'staff', note: 'staff admin' },
  { method: 'PATCH', path: '/admin/settings/', allowed: 'staff', note: 'staff admin' },
  { method: 'GET', path: '/admin/logs/', allowed: 'staff', note: 'staff admin' },
  { method: 'GET', path: '/admin/stats/', allowed: 'staff', note: 'staff admin' },
];

let hub: HubspotDouble;
/** The main organisation's HubSpot integration, connected or disconnected by the owner as asked. */
async function hubspotIntegration(wanted: 'connected' | 'inactive'): Promise<string> {
  const list = await call('GET', 'integrations/', users.owner);
  const current = list
    .json<{ data: { kind: string; id: string | null; status: string }[] }>()
    .data.find((i) => i.kind === 'hubspot');
  const connected = current?.status === 'connected' || current?.status === 'active';
  if (wanted === 'connected' && !connected) {
    const res = await call('POST', 'integrations/hubspot/connect/', users.owner, {
      body: { config: { access_token: hub.token } },
    });
    return res.json<{ data: { id: string } }>().data.id;
  }
  if (wanted === 'inactive' && connected && current.id) {
    await call('POST', `integrations/${current.id}/disconnect/`, users.owner);
  }
  return current?.id ?? '';
}

/** A Zapier hook of the main organisation, made by the owner. */
const newZapierHook = () =>
  ownerCreates('integrations/zapier/hooks/', {
    target_url: `http://127.0.0.1:9/hooks/catch/matrix/${randomUUID()}/`,
    event: 'lead.updated',
  });

const BILLING_CUSTOMER = { name: 'Matrix AB', email: 'billing@matrix.example', country: 'SE' };

/** Made once per key by the owner, shared by the roles (and by the foreign-organisation check). */
const billingFixtures = new Map<string, Promise<{ organization: string; id: string }>>();
function billingFixture(key: string, make: () => Promise<{ organization: string; id: string }>) {
  let fixture = billingFixtures.get(key);
  if (!fixture) {
    fixture = make();
    billingFixtures.set(key, fixture);
  }
  return fixture;
}

/**
 * A trialing organisation of the main team with billing details. The billing fixtures share
 * organisations: an owner owns at most 10.
 */
function billingCustomer() {
  return billingFixture('customer', async () => {
    const organization = await billingOrganization('customer');
    const res = await call('POST', 'billing/customers/me/', users.owner, { body: BILLING_CUSTOMER }, organization);
    return { organization, id: res.json<{ data: { id: string } }>().data.id };
  });
}

/** The billing customer's organisation started Starter without a payment method: its open invoice. */
function billingInvoice() {
  return billingFixture('invoice', async () => {
    const { organization } = await billingCustomer();
    await call('POST', 'billing/subscriptions/', users.owner, { body: { plan_id: 'starter' } }, organization);
    // Paid with the method added after the invoice was issued.
    const card = { body: { type: 'card', label: 'Matrix Visa' } };
    await call('POST', 'billing/payment-methods/', users.owner, card, organization);
    const res = await call('GET', 'billing/invoices/', users.owner, {}, organization);
    return { organization, id: res.json<{ data: { results: { id: string }[] } }>().data.results[0]?.id ?? '' };
  });
}

/** A checkout session (for Starter) of the organisation the checkout route uses. */
function checkoutSession() {
  return billingFixture('checkout', async () => {
    const organization = await billingOrganization('checkout');
    const res = await call('POST', 'billing/checkout/', users.owner, { body: { plan_id: 'starter' } }, organization);
    return { organization, id: res.json<{ data: { url: string } }>().data.url.split('/').pop() ?? '' };
  });
}

/** A payment method of the main organisation (not its default once it has one). */
const newPaymentMethod = () => ownerCreates('billing/payment-methods/', { type: 'card', label: 'Matrix Mastercard' });

/**
 * One trialing organisation with the main team per billing route, shared by its roles: the
 * owner (first) changes it, the others are refused before anything is read.
 */
const billingOrganizations = new Map<string, Promise<string>>();
function billingOrganization(route: string): Promise<string> {
  let organization = billingOrganizations.get(route);
  if (!organization) {
    organization = teamOrganization();
    billingOrganizations.set(route, organization);
  }
  return organization;
}

/** An organisation's subscription. */
async function subscriptionId(organization: string): Promise<string> {
  const res = await call('GET', 'billing/subscriptions/current/', users.owner, {}, organization);
  return res.json<{ data: { id: string } }>().data.id;
}

/** A new organisation of the owner with the same team as the main one (admin, member, viewer). */
async function teamOrganization(): Promise<string> {
  const id = await ownerCreates('organizations/', { name: 'Matrix doomed AB' });
  await inScope(t.database.db, { organizationId: id }, (tx) =>
    tx.insert(memberships).values([
      { organizationId: id, userId: users.admin.user.id, role: 'admin' },
      { organizationId: id, userId: users.member.user.id, role: 'member' },
      { organizationId: id, userId: users.viewer.user.id, role: 'viewer' },
    ]),
  );
  return id;
}

async function upload(): Promise<string> {
  const res = await call('POST', 'files/upload/', users.owner, { parts: png() });
  return res.json<{ data: { id: string } }>().data.id;
}

async function newNotification(role: Role): Promise<string> {
  const [row] = await inScope(t.database.db, { organizationId: org }, (tx) =>
    tx
      .insert(notifications)
      .values({ organizationId: org, userId: users[role].user.id, category: 'leads', type: 'lead_follow_up_due' })
      .returning({ id: notifications.id }),
  );
  return row?.id ?? '';
}

let approvalEvent: EventFixture;
/** A captured lead waiting for approval. */
async function pendingLead(): Promise<string> {
  const res = await postCapture(t, approvalEvent.slug, visitor());
  return res.json<{ data: { id: string } }>().data.id;
}

beforeAll(async () => {
  hub = await new HubspotDouble().start();
  t = await createTestApp({ env: { HUBSPOT_API_BASE: hub.url } });
  const [owner, admin, member, viewer] = await Promise.all(ROLES.map(() => registerUser(t)));
  if (!owner || !admin || !member || !viewer) throw new Error('registration failed');
  Object.assign(users, { owner, admin, member, viewer });
  org = owner.organization?.id ?? '';
  // The matrix invites more members than a trial allows (limits are billing's tests).
  await setPlan(t, org, 'enterprise');
  await inScope(t.database.db, { organizationId: org }, (tx) =>
    tx.insert(memberships).values([
      { organizationId: org, userId: admin.user.id, role: 'admin' },
      { organizationId: org, userId: member.user.id, role: 'member' },
      { organizationId: org, userId: viewer.user.id, role: 'viewer' },
    ]),
  );
  event = await createEvent(t, org);
  approvalEvent = await createEvent(t, org, { settings: { require_approval: true } });
  leadId = await newLead();
  noteId = await ownerCreates(`leads/${leadId}/notes/`, { body: 'Owner note' });
  clientId = await ownerCreates('clients/', { company_name: 'Kept AB' });
  fileId = await upload();
  const imported = await call('POST', 'leads/import_leads/', users.owner, { parts: csv() });
  importId = imported.json<{ data: { id: string } }>().data.id;
  const bulk = await call('POST', 'data/bulk/', users.owner, {
    body: { resource: 'leads', action: 'tags', ids: [leadId], params: { tags: ['matrix'] } },
  });
  bulkId = bulk.json<{ data: { id: string } }>().data.id;
  for (const role of ROLES) notificationOf[role] = await newNotification(role);
  offerId = await newOffer();
  offerWithField = await newOffer(true);
  offerLeadId = await newLead();
  await inScope(t.database.db, { organizationId: org }, (tx) =>
    tx.update(leads).set({ offerId }).where(eq(leads.id, offerLeadId)),
  );
});
afterAll(async () => {
  await t.close();
  await hub.close();
});

const isPublic = (r: Route) => r.allowed === 'public';
const isStaff = (r: Route) => r.allowed === 'staff';
/** A concrete address of a staff route's path (its ids made up: a tenant token never gets that far). */
const staffUrl = (r: Route) => r.path.slice(1).replace('{id}', randomUUID());
const LAST = ['/auth/change-password/', '/auth/logout/', '/auth/delete-account/'];
/**
 * Routes that need what only a journey through an identity provider leaves in the browser (the
 * sealed lc_social_link cookie): modules/auth/social.routes.test.ts drives them end to end.
 */
const PROVIDER_BOUND = ['/auth/social/link/'];
/**
 * The user's own account, whichever organisation the app has open: these must keep answering
 * with a stale header (an organisation the user just left), or the app could not recover.
 */
const ACTS_ON_USER = ['/auth/me/', '/auth/preferences/', '/auth/switch-organization/', '/push/subscribe/'];

/** The table of docs/roles.md, generated from ROUTES. */
function matrixMarkdown(): string {
  const mark = (r: Route, role: Role) =>
    r.allowed === 'public' ? '·' : r.allowed === 'staff' ? '–' : r.allowed.includes(role) ? '✓' : '✗';
  const lines = [
    '| Method | Path (under /api/v1) | owner | admin | member | viewer | Note |',
    '|---|---|:-:|:-:|:-:|:-:|---|',
    ...ROUTES.map(
      (r) =>
        `| ${r.method} | \`${r.path}\` | ${ROLES.map((role) => mark(r, role)).join(' | ')} | ${
          r.allowed === 'public' ? `public${r.note ? `; ${r.note}` : ''}` : (r.note ?? '')
        } |`,
    ),
  ];
  return lines.join('\n');
}

describe('the role matrix (docs/roles.md)', () => {
  it('names every API route, and docs/roles.md shows exactly this table', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const inApp = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/^\/api\/v1/, '')}`),
    );
    const inTable = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect([...inTable].sort()).toEqual([...inApp].sort());
    expect(new Set(inTable).size).toBe(inTable.length);

    const rolesFile = new URL('../../../../docs/roles.md', import.meta.url);
    const roles = readFileSync(rolesFile, 'utf8');
    // UPDATE_ROLES_DOC=1 rewrites the table after a route was added here (then review the diff).
    if (process.env.UPDATE_ROLES_DOC === '1') {
      writeFileSync(
        rolesFile,
        roles.replace(/(<!-- matrix:start -->\n)[\s\S]*?(\n<!-- matrix:end -->)/, `$1${matrixMarkdown()}$2`),
      );
      return;
    }
    const section = /<!-- matrix:start -->\n([\s\S]*?)\n<!-- matrix:end -->/.exec(roles)?.[1];
    expect(section, 'regenerate the table in docs/roles.md from this test').toBe(matrixMarkdown());
  });

  it('answers success to the allowed roles and 403 to the others, on every route', async () => {
    const failures: string[] = [];
    for (const route of ROUTES) {
      if (isPublic(route) || LAST.includes(route.path) || PROVIDER_BOUND.includes(route.path)) continue;
      if (isStaff(route)) {
        // Staff routes refuse every tenant role's token (401); modules/staff tests the staff roles.
        for (const role of ROLES) {
          const res = await call(route.method, staffUrl(route), users[role], { body: {} });
          if (res.statusCode !== 401)
            failures.push(`${role} ${route.method} ${route.path}: ${res.statusCode} (want 401)`);
        }
        continue;
      }
      if (!route.request) throw new Error(`${route.method} ${route.path} has no request`);
      for (const role of ROLES) {
        const req = await route.request(role);
        const res = await call(route.method, req.url, users[role], req, req.organization ?? org);
        const allowed = (route.allowed as readonly Role[]).includes(role);
        const ok = allowed
          ? res.statusCode >= 200 && res.statusCode < 300
          : res.statusCode === 403 && res.json<{ error: { code: string } }>().error.code === 'PERMISSION_DENIED';
        if (!ok) failures.push(`${role} ${route.method} ${req.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // Some 600 requests one after another: more than the default 30 s on a loaded machine.
  }, 120_000);

  it('answers 404 on every route that acts on an organisation when X-Organization-Id names a foreign one', async () => {
    // 03-decisions §2: the header must name one of the user's organisations, else 404, exactly
    // as a missing one. The review found three routes answering 200 (issue 22).
    const stranger = await registerUser(t);
    const foreign = stranger.organization?.id ?? '';
    const failures: string[] = [];
    for (const route of ROUTES) {
      if (
        isPublic(route) ||
        isStaff(route) ||
        LAST.includes(route.path) ||
        ACTS_ON_USER.includes(route.path) ||
        PROVIDER_BOUND.includes(route.path)
      )
        continue;
      // A path that names the organisation itself acts on that one, whatever the header says.
      if (route.path.startsWith('/organizations/{id}/')) continue;
      if (!route.request) throw new Error(`${route.method} ${route.path} has no request`);
      const req = await route.request('owner');
      const res = await call(route.method, req.url, users.owner, req, foreign);
      if (res.statusCode !== 404)
        failures.push(`${route.method} ${req.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets members edit and delete their own notes and files, not others’', async () => {
    const note = await call('POST', `leads/${leadId}/notes/`, users.member, { body: { body: 'Mine' } });
    const own = note.json<{ data: { id: string } }>().data.id;
    const edit = await call('PATCH', `leads/${leadId}/notes/${own}/`, users.member, { body: { body: 'E' } });
    expect(edit.statusCode).toBe(200);
    expect((await call('DELETE', `leads/${leadId}/notes/${own}/`, users.member)).statusCode).toBe(200);
    const uploaded = await call('POST', 'files/upload/', users.member, { parts: png() });
    const file = uploaded.json<{ data: { id: string } }>().data.id;
    expect((await call('DELETE', `files/${file}/`, users.member)).statusCode).toBe(200);
  });

  it('lets every role change its own password, sign out and delete its account (the last owner: 409)', async () => {
    for (const role of ROLES) {
      const user = users[role];
      const changed = await call('POST', 'auth/change-password/', user, {
        body: {
          current_password: user.password,
          new_password: 'Changed2026Booth',
          new_password_confirm: 'Changed2026Booth',
        },
      });
      expect(changed.statusCode, `${role} change-password`).toBe(200);
      const out = await call('POST', 'auth/logout/', user, { body: { refresh: user.refresh } });
      expect(out.statusCode, `${role} logout`).toBe(200);
      // The session ended: its access token is refused at once; a new sign-in goes on.
      expect((await call('GET', 'auth/me/', user)).statusCode, `${role} after logout`).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/',
        payload: { email: user.email, password: 'Changed2026Booth' },
        remoteAddress: uniqueAddress(),
      });
      expect(again.statusCode, `${role} login`).toBe(200);
      users[role] = { ...user, access: again.json<{ data: { access: string } }>().data.access };
    }
    const deleteAccount = (role: Role) =>
      call('POST', 'auth/delete-account/', users[role], {
        body: { password: 'Changed2026Booth', confirmation: 'DELETE' },
      });
    // The last owner of an organisation with other members must hand it over first.
    expect((await deleteAccount('owner')).statusCode).toBe(409);
    for (const role of ['admin', 'member', 'viewer', 'owner'] as const) {
      expect((await deleteAccount(role)).statusCode, `${role} delete-account`).toBe(200);
    }
  });
});
