import { createFormField, type FormField } from '@leadcapture/contracts/form-fields';
import type { PublicEvent, PublicOffer } from '@leadcapture/contracts/public-capture';
import { vi } from 'vitest';

/** A stand-in for the public API in capture page tests: answers by "METHOD /path/", in order. */

const meta = { timestamp: '2026-01-01T00:00:00.000Z' };

export function ok(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ status: 'success', status_code: status, data, meta }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function fail(status: number, code: string, details?: unknown, headers: Record<string, string> = {}): Response {
  const error = { message: code, code, ...(details === undefined ? {} : { details }) };
  return new Response(JSON.stringify({ status: 'error', status_code: status, error, meta }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An answer that never arrives: fetch rejects as it does when the connection drops. */
export const NETWORK_ERROR = 'network-error' as const;
type Answer = Response | typeof NETWORK_ERROR;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Stubs fetch. Each route takes a list of answers used one per call, the last one again for
 * every further call.
 */
export function stubCaptureApi(routes: Record<string, Answer | (() => Answer) | (Answer | (() => Answer))[]>) {
  const calls: RecordedCall[] = [];
  const used = new Map<string, number>();
  const mock = vi.fn((input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    const raw = init.body;
    // Lower-cased here: happy-dom's Headers keeps the case it was given.
    const headers = Object.fromEntries([...new Headers(init.headers).entries()].map(([k, v]) => [k.toLowerCase(), v]));
    calls.push({ method, path, body: typeof raw === 'string' ? JSON.parse(raw) : raw, headers });
    const key = `${method} ${path}`;
    const route = routes[key];
    if (route === undefined) return Promise.resolve(fail(404, 'NOT_FOUND'));
    const list = Array.isArray(route) ? route : [route];
    const index = Math.min(used.get(key) ?? 0, list.length - 1);
    used.set(key, (used.get(key) ?? 0) + 1);
    const entry = list[index];
    const answer = typeof entry === 'function' ? entry() : entry;
    if (answer === NETWORK_ERROR || answer === undefined) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(answer.clone());
  });
  vi.stubGlobal('fetch', mock);
  return {
    calls,
    of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export function publicEvent(changes: Partial<PublicEvent> = {}, fields: FormField[] = []): PublicEvent {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    name: 'Nordic Expo 2026',
    slug: 'nordic-expo',
    description: '',
    start_date: '2026-05-12T07:00:00.000Z',
    end_date: '2026-05-14T15:00:00.000Z',
    location: 'Stockholmsmässan, hall C',
    website: 'https://nordicexpo.example.com',
    primary_color: '#0e7490',
    welcome_message: 'Welcome to our stand! Leave your details and we will send you the deck.',
    logo_url: null,
    consent_text: '',
    form_fields: fields,
    organization_name: 'Booth AB',
    status: 'active',
    email_verification: false,
    ...changes,
  };
}

export const topicField = createFormField('select', 'topic', {
  label: 'Topic',
  options: ['Pricing', 'Demo'],
  required: true,
});
export const ratingField = createFormField('rating', 'booth', { label: 'How was our booth?', max_rating: 5 });

export function publicOffer(changes: Partial<PublicOffer> = {}, fields: FormField[] = []): PublicOffer {
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    title: 'Free trade-show starter kit',
    slug: 'starter-kit',
    description: 'Everything you need for your first fair.\nDelivered within a week.',
    success_message: '',
    consent_text: '',
    form_fields: fields,
    organization_name: 'Fjord AB',
    logo_url: null,
    primary_color: '#0f766e',
    require_approval: false,
    ...changes,
  };
}
