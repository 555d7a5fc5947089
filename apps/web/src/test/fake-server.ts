import { vi } from 'vitest';

/** A tiny stand-in for the API in page tests: answers by "METHOD /path/" and records every call. */
const meta = { timestamp: '2026-01-01T00:00:00.000Z' };

export function ok(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ status: 'success', status_code: status, data, meta }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function fail(status: number, code: string, details?: unknown): Response {
  const error = { message: code, code, ...(details === undefined ? {} : { details }) };
  return new Response(JSON.stringify({ status: 'error', status_code: status, error, meta }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export type Call = { method: string; path: string; body: unknown };
/** An answer, or one still to come (`pending()`: a load that has not finished). */
export type Handler = (body: unknown) => Response | Promise<Response>;

/** An answer that never arrives: the page stays loading. */
export const pending = (): Promise<Response> => new Promise<Response>(() => undefined);

/** Stubs fetch; `routes` maps "PATCH /auth/me/" (path after /api/v1) to an answer. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const mock = vi.fn((input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    const raw = init.body;
    const body: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    return Promise.resolve(handler === undefined ? fail(404, 'NOT_FOUND') : handler(body));
  });
  vi.stubGlobal('fetch', mock);
  return {
    calls,
    /** Bodies of the calls to one "METHOD /path/". */
    bodies: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => c.body),
  };
}

export const orgId = '00000000-0000-4000-8000-000000000002';

export const me = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '',
  job_title: '',
  timezone: 'Europe/Stockholm',
  language: 'en',
  date_joined: '2026-01-01T00:00:00.000Z',
  email_verified: true,
  organizations: [{ id: orgId, name: 'Booth AB', slug: 'booth-ab', role: 'owner' }],
  current_organization: { id: orgId, name: 'Booth AB', slug: 'booth-ab', role: 'owner' },
  onboarding_completed: false,
};

export function organization(role = 'owner', changes: Record<string, unknown> = {}) {
  return {
    id: orgId,
    name: 'Booth AB',
    slug: 'booth-ab',
    website: '',
    industry: '',
    size: '',
    billing_email: '',
    logo_url: null,
    primary_color: '#2563eb',
    secondary_color: '#0f172a',
    custom_domain: '',
    address: { street: '', city: '', state: '', postal_code: '', country: '' },
    role,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}
