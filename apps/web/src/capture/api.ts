import {
  IDEMPOTENCY_KEY_HEADER,
  type CaptureRequest,
  type CaptureResult,
  type ConfirmLeadEmailResult,
  type PublicEvent,
  type PublicOffer,
} from '@leadcapture/contracts/public-capture';
import type { Attachment } from '@leadcapture/contracts/public-capture';

/**
 * The capture page's own HTTP code: a few fetches, not the dashboard's api-client (tokens,
 * refresh, toasts, zod envelopes) nor TanStack Query, which together would be most of the page's
 * 60 KB budget. The rules that matter to a visitor on booth Wi-Fi:
 *
 * - every call gives up after 15 s (half the app's 30 s: a visitor at a stand will not wait);
 * - a call that fails on the network (no answer, or the time-out) is tried once more after 1 s.
 *   For the capture itself that is safe because it carries an Idempotency-Key: the retry sends
 *   the same key, so a request that did reach the server before the connection dropped is
 *   answered again, not stored twice.
 */

export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 15_000;
export const RETRY_DELAY_MS = 1_000;

export type ApiFailure =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'not_found' }
  | { kind: 'validation'; details: Record<string, string[]> }
  | { kind: 'rate_limited'; retryAfterSeconds: number | null }
  | { kind: 'limit_reached' }
  | { kind: 'server'; status: number }
  /** Offline and the device could not keep the answers: its storage is full, or not available. */
  | { kind: 'storage_full' }
  | { kind: 'storage_unavailable' };

export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `error.details` of a 422: `{field: [messages]}`; anything else in it is dropped. */
function validationDetails(details: unknown): Record<string, string[]> {
  if (!isRecord(details)) return {};
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(details)) {
    if (Array.isArray(messages)) out[key] = messages.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

function retryAfterSeconds(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function failureOf(status: number, headers: Headers, body: unknown): ApiFailure {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  switch (status) {
    case 404:
      return { kind: 'not_found' };
    case 422:
      return { kind: 'validation', details: validationDetails(error.details) };
    case 429:
      return { kind: 'rate_limited', retryAfterSeconds: retryAfterSeconds(headers.get('retry-after')) };
    case 402:
      return { kind: 'limit_reached' };
    default:
      return { kind: 'server', status };
  }
}

interface RequestOptions<T> {
  body?: unknown;
  headers?: Record<string, string>;
  /** Checks `data` of a success envelope; a failed check counts as a server error. */
  accept: (data: unknown) => data is T;
}

/** One call with the time-out; throws only when no HTTP answer arrived (or could not be read). */
async function attempt(method: string, path: string, options: RequestOptions<unknown>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: controller.signal,
    });
    // The body is part of the answer: a connection that drops while it arrives is a network failure.
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    throw controller.signal.aborted ? new TimeoutError() : error;
  } finally {
    clearTimeout(timer);
  }
}

class TimeoutError extends Error {}

export async function request<T>(method: string, path: string, options: RequestOptions<T>): Promise<ApiResult<T>> {
  for (let tries = 1; ; tries++) {
    let answer: Awaited<ReturnType<typeof attempt>>;
    try {
      answer = await attempt(method, path, options);
    } catch (error) {
      if (tries < 2) {
        await sleep(RETRY_DELAY_MS);
        continue;
      }
      return { ok: false, failure: { kind: error instanceof TimeoutError ? 'timeout' : 'network' } };
    }
    const { status, headers, body } = answer;
    if (status >= 200 && status < 300) {
      const data = isRecord(body) && body.status === 'success' ? body.data : undefined;
      return options.accept(data) ? { ok: true, data } : { ok: false, failure: { kind: 'server', status } };
    }
    return { ok: false, failure: failureOf(status, headers, body) };
  }
}

function isPublicEvent(data: unknown): data is PublicEvent {
  return (
    isRecord(data) &&
    typeof data.id === 'string' &&
    typeof data.slug === 'string' &&
    typeof data.name === 'string' &&
    Array.isArray(data.form_fields)
  );
}

function isCaptureResult(data: unknown): data is CaptureResult {
  return (
    isRecord(data) && typeof data.id === 'string' && (data.status === 'received' || data.status === 'pending_approval')
  );
}

function isConfirmResult(data: unknown): data is ConfirmLeadEmailResult {
  return isRecord(data) && data.email_verified === true && typeof data.event_name === 'string';
}

export const eventPath = (slug: string) => `/public/events/${encodeURIComponent(slug)}/`;

/** GET /public/events/{slug}/: 404 for an unknown, draft, inactive or cancelled event. */
export function getPublicEvent(slug: string): Promise<ApiResult<PublicEvent>> {
  return request('GET', eventPath(slug), { accept: isPublicEvent });
}

/** POST /public/events/{slug}/leads/ with the attempt's Idempotency-Key. */
export function submitCapture(
  slug: string,
  body: CaptureRequest,
  idempotencyKey: string,
): Promise<ApiResult<CaptureResult>> {
  return request('POST', `${eventPath(slug)}leads/`, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    accept: isCaptureResult,
  });
}

function isAttachment(data: unknown): data is Attachment {
  return (
    isRecord(data) &&
    typeof data.id === 'string' &&
    typeof data.name === 'string' &&
    typeof data.size === 'number' &&
    typeof data.content_type === 'string'
  );
}

/**
 * POST /public/{events|offers}/{slug}/files/: a visitor's file for a file field, multipart. Not
 * retried: a file is sent whole again only when the visitor chooses it again. A 413 carries its
 * message under `details.file` like a 422, so both come back as the field's errors.
 */
export async function uploadAttachment(pagePath: string, file: Blob, name: string): Promise<ApiResult<Attachment>> {
  const form = new FormData();
  form.append('file', file, name);
  const controller = new AbortController();
  // A file takes longer than a form on booth Wi-Fi: four times the usual wait.
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS * 4);
  try {
    const response = await fetch(`${API_BASE}${pagePath}files/`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: form,
      signal: controller.signal,
    });
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (response.status === 201) {
      const data = isRecord(body) && body.status === 'success' ? body.data : undefined;
      return isAttachment(data) ? { ok: true, data } : { ok: false, failure: { kind: 'server', status: 201 } };
    }
    if (response.status === 413) {
      return { ok: false, failure: failureOf(422, response.headers, body) };
    }
    return { ok: false, failure: failureOf(response.status, response.headers, body) };
  } catch {
    return { ok: false, failure: { kind: controller.signal.aborted ? 'timeout' : 'network' } };
  } finally {
    clearTimeout(timer);
  }
}

/** POST /public/leads/confirm-email/: the double opt-in link. */
export function confirmLeadEmail(token: string): Promise<ApiResult<ConfirmLeadEmailResult>> {
  return request('POST', '/public/leads/confirm-email/', { body: { token }, accept: isConfirmResult });
}

/**
 * One view of a page for its analytics, without a cookie. Fire and forget: `keepalive` lets it
 * finish even if the visitor leaves at once.
 */
function beacon(path: string): void {
  void fetch(`${API_BASE}${path}views/`, { method: 'POST', keepalive: true }).catch(() => {
    // A lost view is not worth a visitor-facing error.
  });
}

/** One view of an event's page (the server counts it only when the event tracks views). */
export function countPageView(slug: string): void {
  beacon(eventPath(slug));
}

function isPublicOffer(data: unknown): data is PublicOffer {
  return (
    isRecord(data) &&
    typeof data.id === 'string' &&
    typeof data.slug === 'string' &&
    typeof data.title === 'string' &&
    Array.isArray(data.form_fields)
  );
}

export const offerPath = (slug: string) => `/public/offers/${encodeURIComponent(slug)}/`;

/** GET /public/offers/{slug}/: 404 for an unknown, draft, archived or unpublished offer. */
export function getPublicOffer(slug: string): Promise<ApiResult<PublicOffer>> {
  return request('GET', offerPath(slug), { accept: isPublicOffer });
}

/** POST /public/offers/{slug}/submit/ with the attempt's Idempotency-Key. */
export function submitOffer(
  slug: string,
  body: CaptureRequest,
  idempotencyKey: string,
): Promise<ApiResult<CaptureResult>> {
  return request('POST', `${offerPath(slug)}submit/`, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    accept: isCaptureResult,
  });
}

/** One view of an offer's page, for its stats. */
export function countOfferView(slug: string): void {
  beacon(offerPath(slug));
}

/**
 * A new Idempotency-Key (a UUID v4). crypto.randomUUID exists only in secure contexts, and a
 * kiosk on a LAN address over plain HTTP is not one; getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  const random: Partial<Crypto> = crypto;
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
