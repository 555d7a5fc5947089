/**
 * The one HTTP client of the web app (spec 01 §7 and §8, spec 02 §4, 03-decisions §2).
 *
 *   const me = await api.get('/auth/me/', { schema: meSchema, signal });
 *   await api.patch(`/organizations/${id}/`, changes, { schema: organizationSchema });
 *   await api.upload('/files/upload/', file, { schema: fileSchema });
 *   const { blob, filename } = await api.download(`/files/${id}/download/`);
 *
 * What every call gets, in one place:
 * - base `${VITE_API_BASE}/api/v1`, a trailing slash on the path, empty query parameters dropped;
 * - `Authorization: Bearer <access>` and `X-Organization-Id` except on skip-auth calls;
 * - a 30 s time-out; the envelope checked ("Invalid API response format" otherwise);
 * - one shared token refresh on 401 (or first, when only the session cookie is left), then one
 *   retry, else log out;
 * - 402 opens the paywall; 403/404/422/5xx raise a translated toast (unless `quiet`);
 * - GET/HEAD retried on transient failures (docs/decisions/007-web-retries.md);
 * - a 4 s warning toast when the usage headers report 80 % or more of a limit;
 * - a create the cached usage already puts past its limit is not sent: it fails as a 402 and
 *   opens the paywall (spec 02 §5, lib/usage-precheck.ts).
 *
 * It imports neither React nor features: the app layer plugs in the session, the refresh call,
 * logout, the paywall, toasts and translations through `configureApiClient` (app/api-wiring.ts).
 */
import en from '../locales/en/errors.json';
import { paywallFromError, toUsageResource, type Paywall, type UsageResource } from './paywall.ts';
import type { ToastInput } from './toast.ts';
import { usageBlock, type CachedUsage, type PrecheckedResource } from './usage-precheck.ts';
import { USAGE_WARNING_PERCENT } from '@leadcapture/contracts/constants';

// --- constants (spec 01 §9) -------------------------------------------------------------------

export const API_PREFIX = '/api/v1';
export const REQUEST_TIMEOUT_MS = 30_000;
/** Pause between a successful refresh and the retried request (spec 01 §9). */
export const REFRESH_RETRY_DELAY_MS = 10;
/** Idempotent requests: at most this many attempts in all, this far apart (spec 01 §9). */
export const MAX_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1_000;
/** A Retry-After longer than this is not waited for: the user gets the error and can choose. */
export const MAX_RETRY_AFTER_MS = 10_000;
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);
export const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);
export const USAGE_WARNING_TOAST_MS = 4_000;

/** Calls sent without a token and never answered by a refresh (spec 01 §7 "skip-auth"). */
export const SKIP_AUTH_PATHS: ReadonlySet<string> = new Set([
  '/auth/login/',
  '/auth/register/',
  '/auth/refresh/',
  '/auth/token/verify/',
  '/auth/password/reset/',
  '/auth/password/reset/confirm/',
  '/auth/verify-email/',
  '/auth/resend-verification/',
]);
const PUBLIC_PREFIXES = ['/public/', '/status/'];

export const INVALID_RESPONSE_MESSAGE = en.api.invalidResponse;
export const UNKNOWN_ERROR_MESSAGE = en.api.unknown;

// --- types ----------------------------------------------------------------------------------

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryScalar = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[]>;

/** Anything with `parse`, such as a zod schema from @leadcapture/contracts. */
export type Parser<T> = { parse: (data: unknown) => T };

export type RequestOptions<T = unknown> = {
  params?: QueryParams | undefined;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Validates `data`; a mismatch is an "Invalid API response format" error. May be a promise (a
   * schema still downloading, `import(...).then(...)`): it is awaited once the answer is in, so
   * zod and the request travel at the same time instead of one after the other.
   */
  schema?: Parser<T> | Promise<Parser<T>> | undefined;
  /** Forces skip-auth (no token, no refresh) for a path outside SKIP_AUTH_PATHS. */
  skipAuth?: boolean | undefined;
  /**
   * No automatic 403/404/422/5xx toast: for calls whose page shows the error itself (forms
   * with inline messages, guards). 401 handling and the paywall still apply.
   */
  quiet?: boolean | undefined;
  /** Do not refresh and retry on 401 (the logout call: a dead session needs no renewal). */
  noRefresh?: boolean | undefined;
  timeoutMs?: number | undefined;
  /**
   * Downloads only: called with each chunk of a successful answer as it arrives (and the
   * response, for headers such as X-Total-Count), so a long download can show its progress.
   */
  onProgress?: ((chunk: Uint8Array, response: Response) => void) | undefined;
};

/** Message keys of locales/en/errors.json the client uses; the app wires i18next to translate them. */
export type ApiMessageKey =
  `api.${keyof typeof en.api}` | `usageResource.${UsageResource}` | `usageLimit.${PrecheckedResource}`;

export type ApiClientHooks = {
  getAccessToken: () => string | null;
  getOrganizationId: () => string | null;
  /** Renews the access token; true when a new one is stored. Called once for concurrent 401s. */
  refresh: () => Promise<boolean>;
  /**
   * True when a refresh is worth trying without a 401 first: no access token in memory (a page
   * reload) but a session cookie the server may still honour.
   */
  canRefresh: () => boolean;
  /** The session is dead (refresh failed, or 401 again after refreshing). */
  onLogout: () => void;
  onPaywall: (paywall: Paywall) => void;
  notify: (toast: ToastInput) => void;
  translate: (key: ApiMessageKey, values?: Record<string, string | number>) => string;
  /** The usage rows the app holds and trusts for the pre-check, or null when unknown. */
  cachedUsage: () => readonly CachedUsage[] | null;
  /** A create was blocked by the pre-check: the app refreshes its usage figures. */
  onUsageBlocked: () => void;
  /** Injected so tests need no fake timers. */
  sleep: (ms: number) => Promise<void>;
};

// --- errors ---------------------------------------------------------------------------------

/** Every failure of a call: an error envelope, a non-envelope HTTP failure, a bad shape, time-out or network. */
export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived (time-out, network). */
  readonly status: number;
  /** error.code of the envelope, or INVALID_RESPONSE, HTTP_ERROR, TIMEOUT, NETWORK_ERROR. */
  readonly code: string;
  readonly details: unknown;
  /** meta.timestamp of the envelope, else when the client saw the failure. */
  readonly timestamp: string;

  constructor(
    message: string,
    init: { status: number; code: string; details?: unknown; timestamp?: string | undefined },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.timestamp = init.timestamp ?? new Date().toISOString();
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Errors the client already showed the user in its own way (the paywall for 402): a page's
 * own "Failed to …" toast would only repeat it.
 */
export function isHandledGlobally(error: unknown): boolean {
  return isApiError(error) && error.status === 402;
}

/** The wait of a 429 RATE_LIMITED answer in whole seconds (`details.retry_after`), else null. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429 || !isRecord(error.details)) return null;
  const value = error.details.retry_after;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/** `details` of a 422 VALIDATION_ERROR: dotted field path → messages. */
export function validationDetails(error: unknown): Record<string, string[]> | null {
  if (!isApiError(error) || !isRecord(error.details)) return null;
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.details)) {
    if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') result[field] = [messages];
  }
  return Object.keys(result).length > 0 ? result : null;
}

// --- configuration --------------------------------------------------------------------------

function lookup(key: ApiMessageKey): string {
  const [group, name] = key.split('.') as [keyof typeof en, string];
  const table: Record<string, unknown> = en[group];
  const text = table[name];
  return typeof text === 'string' ? text : key;
}

/** English, untranslated; replaced by i18next in the app. Also what the tests read. */
export function defaultTranslate(key: ApiMessageKey, values: Record<string, string | number> = {}): string {
  return lookup(key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const defaultHooks: ApiClientHooks = {
  getAccessToken: () => null,
  getOrganizationId: () => null,
  refresh: () => Promise.resolve(false),
  canRefresh: () => false,
  onLogout: () => undefined,
  onPaywall: () => undefined,
  notify: () => undefined,
  translate: defaultTranslate,
  cachedUsage: () => null,
  onUsageBlocked: () => undefined,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

let hooks: ApiClientHooks = defaultHooks;

/** Plugs the app into the client; call once at start (app/api-wiring.ts). Later calls merge. */
export function configureApiClient(partial: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...partial };
}

/** Back to the unwired defaults (tests). */
export function resetApiClient(): void {
  hooks = defaultHooks;
  refreshing = null;
}

// --- URLs -----------------------------------------------------------------------------------

export function apiBase(): string {
  const origin = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
  return `${origin}${API_PREFIX}`;
}

/** `/auth/me` → `/auth/me/` (03-decisions §2 paths end with a slash). */
export function normalisePath(path: string): string {
  const withLead = path.startsWith('/') ? path : `/${path}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

function isEmpty(value: QueryScalar): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

export function buildUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) if (!isEmpty(item)) search.append(key, String(item));
  }
  const query = search.toString();
  return `${apiBase()}${normalisePath(path)}${query === '' ? '' : `?${query}`}`;
}

export function isSkipAuthPath(path: string): boolean {
  const normalised = normalisePath(path);
  return SKIP_AUTH_PATHS.has(normalised) || PUBLIC_PREFIXES.some((prefix) => normalised.startsWith(prefix));
}

// --- the envelope ---------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Envelope =
  | { kind: 'success'; data: unknown }
  | { kind: 'error'; message: string; code: string; details: unknown; timestamp: string | undefined };

/** Reads the envelope of spec 01 §8, or undefined when the body is not one. */
export function parseEnvelope(body: unknown): Envelope | undefined {
  if (!isRecord(body) || typeof body.status_code !== 'number' || !isRecord(body.meta)) return undefined;
  const timestamp = typeof body.meta.timestamp === 'string' ? body.meta.timestamp : undefined;
  if (timestamp === undefined) return undefined;
  if (body.status === 'success' && 'data' in body) return { kind: 'success', data: body.data };
  if (body.status === 'error' && isRecord(body.error)) {
    const { message, code, details } = body.error;
    return {
      kind: 'error',
      message: typeof message === 'string' && message !== '' ? message : UNKNOWN_ERROR_MESSAGE,
      code: typeof code === 'string' && code !== '' ? code : 'UNKNOWN_ERROR',
      details,
      timestamp,
    };
  }
  return undefined;
}

function invalidResponse(status: number, cause?: unknown): ApiError {
  const error = new ApiError(INVALID_RESPONSE_MESSAGE, { status, code: 'INVALID_RESPONSE' });
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** A failed answer that is no envelope (a proxy's HTML page): message/detail of a JSON body, else the status line. */
function httpFailure(response: Response, body: unknown): ApiError {
  const fromBody = isRecord(body)
    ? [body.message, body.detail].find((v): v is string => typeof v === 'string' && v !== '')
    : undefined;
  const message = fromBody ?? `HTTP ${response.status}: ${response.statusText}`;
  return new ApiError(message, { status: response.status, code: 'HTTP_ERROR', details: body });
}

// --- one attempt ----------------------------------------------------------------------------

type Payload = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData };
type Expect = 'json' | 'blob';

type Attempt =
  | { ok: true; response: Response; body: unknown; blob: Blob | null }
  | { ok: false; response: Response; error: ApiError };

/** Reads the whole answer inside the time-out, so a body that trickles in is cut off too. */
/** The body as a Blob, read chunk by chunk so the caller sees the progress. */
async function readBlob(response: Response, onProgress: RequestOptions['onProgress']): Promise<Blob> {
  if (onProgress === undefined || response.body === null) return response.blob();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    onProgress(value, response);
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? '' });
}

async function readAnswer(response: Response, expect: Expect, options: RequestOptions): Promise<Attempt> {
  if (response.ok && expect === 'blob')
    return { ok: true, response, body: undefined, blob: await readBlob(response, options.onProgress) };
  const text = await response.text();
  let body: unknown;
  let parsed = false;
  try {
    body = text === '' ? undefined : JSON.parse(text);
    parsed = text !== '';
  } catch {
    body = undefined;
  }
  const envelope = parsed ? parseEnvelope(body) : undefined;
  if (response.ok) {
    // A success answer must be a success envelope; an error envelope on HTTP 2xx is not trusted either.
    if (envelope?.kind !== 'success') return { ok: false, response, error: invalidResponse(response.status) };
    return { ok: true, response, body: envelope.data, blob: null };
  }
  if (envelope?.kind === 'error') {
    const { message, code, details, timestamp } = envelope;
    return { ok: false, response, error: new ApiError(message, { status: response.status, code, details, timestamp }) };
  }
  return { ok: false, response, error: httpFailure(response, body) };
}

class TimeoutSignal extends Error {}

async function attemptOnce(
  method: HttpMethod,
  url: string,
  headers: Headers,
  payload: Payload,
  expect: Expect,
  options: RequestOptions,
): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutSignal()), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const outer = options.signal;
  const forwardAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted === true) forwardAbort();
  else outer?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const body =
      payload.kind === 'json' ? JSON.stringify(payload.value) : payload.kind === 'form' ? payload.value : null;
    const response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: controller.signal });
    return await readAnswer(response, expect, options);
  } catch (error) {
    if (controller.signal.reason instanceof TimeoutSignal) {
      throw new ApiError(hooks.translate('api.timeout'), { status: 0, code: 'TIMEOUT' });
    }
    // The caller cancelled (React Query does on unmount): let its AbortError through untouched.
    if (outer?.aborted === true) throw error;
    if (isApiError(error)) throw error;
    const networkError = new ApiError(hooks.translate('api.network'), { status: 0, code: 'NETWORK_ERROR' });
    networkError.cause = error;
    throw networkError;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

// --- refresh, retries, reporting ------------------------------------------------------------

let refreshing: Promise<boolean> | null = null;

/** Concurrent 401s share one refresh: a second one would present an already rotated refresh token. */
function refreshOnce(): Promise<boolean> {
  refreshing ??= hooks
    .refresh()
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Renews the access token outside a request (the live socket, closed with 4001): the same one
 * shared refresh as concurrent 401s, so a rotated refresh token is never presented twice.
 */
export function refreshAccessToken(): Promise<boolean> {
  return refreshOnce();
}

/** Milliseconds to wait before the next attempt, or null when the answer says not to retry. */
export function retryDelay(response: Response | null, now = Date.now()): number | null {
  const header = response?.headers.get('retry-after');
  if (header === null || header === undefined || header.trim() === '') return RETRY_DELAY_MS;
  const seconds = Number(header);
  const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (Number.isNaN(wait)) return RETRY_DELAY_MS;
  return wait > MAX_RETRY_AFTER_MS ? null : Math.max(0, wait);
}

/**
 * Only reads are retried on their own: a POST that timed out behind a proxy may well have been
 * stored, and sending it again would create the lead twice. See docs/decisions/007-web-retries.md.
 */
function mayRetry(method: HttpMethod, attempt: number): boolean {
  // A device that knows it has no network (the booth's Wi-Fi gone) answers at once: the
  // offline paths (the booth screen, the last known user) take over without waiting seconds.
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return IDEMPOTENT_METHODS.has(method) && attempt < MAX_ATTEMPTS && !offline;
}

function validationLines(details: unknown): string | null {
  if (!isRecord(details)) return null;
  const lines = Object.entries(details)
    .map(([field, messages]) => {
      const list = Array.isArray(messages) ? messages.filter((m) => typeof m === 'string') : [messages];
      const text = list.filter((m): m is string => typeof m === 'string' && m !== '').join(', ');
      return text === '' ? null : `${field}: ${text}`;
    })
    .filter((line): line is string => line !== null);
  return lines.length > 0 ? lines.join('\n') : null;
}

/** Spec 01 §8 by status: the paywall always, toasts unless the caller shows the error itself. */
function report(error: ApiError, quiet: boolean): void {
  if (error.status === 402) {
    hooks.onPaywall(paywallFromError(error));
    return;
  }
  if (quiet) return;
  const { translate, notify } = hooks;
  if (error.status === 403) notify({ type: 'error', title: translate('api.forbidden') });
  else if (error.status === 404) notify({ type: 'error', title: translate('api.notFound') });
  else if (error.status === 422) {
    const lines = validationLines(error.details);
    if (lines !== null) notify({ type: 'error', title: translate('api.validation'), message: lines });
  } else if (error.status >= 500) notify({ type: 'error', title: translate('api.server') });
}

/** Spec 02 §9: a 4 s warning toast from 80 % of a limit. */
function reportUsage(response: Response): void {
  const warning = response.headers.get('x-usage-warning');
  if (warning === null || warning === '' || warning.toLowerCase() === 'false') return;
  const percentage = Number(response.headers.get('x-usage-percentage'));
  if (!Number.isFinite(percentage) || percentage < USAGE_WARNING_PERCENT) return;
  const resourceHeader = response.headers.get('x-usage-resource');
  const resource = toUsageResource(resourceHeader);
  hooks.notify({
    type: 'warning',
    title: hooks.translate('api.usageWarning', {
      percentage: Math.round(percentage),
      resource: resource === null ? (resourceHeader ?? '') : hooks.translate(`usageResource.${resource}`),
    }),
    duration: USAGE_WARNING_TOAST_MS,
  });
}

/**
 * Spec 02 §5: a create whose limit the cached usage says is reached fails here, as the server's
 * 402 would (same code and details, so pages and the paywall treat both alike), unsent.
 */
function precheck(method: HttpMethod, path: string, payload: Payload): ApiError | null {
  if (method !== 'POST') return null;
  const body = payload.kind === 'json' ? payload.value : undefined;
  const block = usageBlock(method, path, body, hooks.cachedUsage());
  if (block === null) return null;
  const code = 'USAGE_LIMIT_REACHED';
  return new ApiError(hooks.translate('api.usageBlocked'), {
    status: 402,
    code,
    details: {
      code,
      resource: block.resource,
      current_usage: block.currentUsage,
      limit: block.limit,
      detail: hooks.translate(`usageLimit.${block.resource}`),
    },
  });
}

async function send(
  method: HttpMethod,
  path: string,
  payload: Payload,
  expect: Expect,
  options: RequestOptions,
): Promise<Extract<Attempt, { ok: true }>> {
  const blocked = precheck(method, path, payload);
  if (blocked !== null) {
    report(blocked, options.quiet === true);
    hooks.onUsageBlocked();
    throw blocked;
  }
  const skipAuth = options.skipAuth === true || isSkipAuthPath(path);
  const url = buildUrl(path, options.params);
  let attempt = 1;
  let refreshed = false;
  // The access token lives in memory only: after a reload the first call renews it from the
  // session cookie instead of going out without a token and coming back with a 401.
  if (!skipAuth && options.noRefresh !== true && hooks.canRefresh() && hooks.getAccessToken() === null) {
    refreshed = true;
    await refreshOnce();
  }

  for (;;) {
    const headers = new Headers({ Accept: expect === 'json' ? 'application/json' : '*/*', ...options.headers });
    // Only a body gets a content type: fastify refuses an empty body labelled JSON.
    if (payload.kind === 'json') headers.set('Content-Type', 'application/json');
    const token = skipAuth ? null : hooks.getAccessToken();
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);
    const organizationId = skipAuth ? null : hooks.getOrganizationId();
    if (organizationId !== null && !headers.has('X-Organization-Id')) headers.set('X-Organization-Id', organizationId);

    let result: Attempt;
    try {
      result = await attemptOnce(method, url, headers, payload, expect, options);
    } catch (error) {
      if (isApiError(error) && error.code === 'NETWORK_ERROR' && mayRetry(method, attempt)) {
        attempt += 1;
        await hooks.sleep(RETRY_DELAY_MS);
        continue;
      }
      throw error;
    }

    if (result.ok) {
      reportUsage(result.response);
      return result;
    }

    const { error, response } = result;
    if (error.status === 401 && !skipAuth && options.noRefresh !== true) {
      if (refreshed) {
        hooks.onLogout();
        throw error;
      }
      refreshed = true;
      // Another request may have renewed the token while this one was in flight: use it.
      const current = hooks.getAccessToken();
      const renewed = current !== null && current !== token ? true : await refreshOnce();
      if (!renewed) {
        hooks.onLogout();
        throw error;
      }
      await hooks.sleep(REFRESH_RETRY_DELAY_MS);
      continue;
    }

    if (RETRYABLE_STATUSES.has(error.status) && mayRetry(method, attempt)) {
      const delay = retryDelay(response);
      if (delay !== null) {
        attempt += 1;
        await hooks.sleep(delay);
        continue;
      }
    }

    report(error, options.quiet === true);
    throw error;
  }
}

async function parseData<T>(data: unknown, options: RequestOptions<T>, status: number): Promise<T> {
  if (options.schema === undefined) return data as T;
  const schema = await options.schema;
  try {
    return schema.parse(data);
  } catch (cause) {
    throw invalidResponse(status, cause);
  }
}

async function requestJson<T>(method: HttpMethod, path: string, payload: Payload, options: RequestOptions<T>) {
  // A schema download that fails while the request is still out must not go unhandled; it
  // still fails the call below.
  if (options.schema instanceof Promise) options.schema.catch(() => undefined);
  const { body, response } = await send(method, path, payload, 'json', options);
  return parseData(body, options, response.status);
}

function jsonPayload(body: unknown): Payload {
  return body === undefined ? { kind: 'none' } : { kind: 'json', value: body };
}

export type Download = { blob: Blob; filename: string | null; contentType: string | null };

/** `filename*=UTF-8''…` (RFC 6266) wins over a plain `filename="…"`. */
export function filenameFromDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain?.[2]?.trim() ?? null;
}

/**
 * The calls. `T` is whatever `options.schema` parses to; without a schema the data is returned
 * as the server sent it, typed `unknown` unless the caller says otherwise.
 */
export const api = {
  get: <T = unknown>(path: string, options: RequestOptions<T> = {}) =>
    requestJson<T>('GET', path, { kind: 'none' }, options),
  post: <T = unknown>(path: string, body?: unknown, options: RequestOptions<T> = {}) =>
    requestJson<T>('POST', path, jsonPayload(body), options),
  /**
   * A POST whose status says what the data cannot: `POST /leads/` answers 201 for a new lead and
   * 200 with the lead that already had the email (03-decisions §3, decision 013).
   */
  postWithStatus: async <T = unknown>(path: string, body?: unknown, options: RequestOptions<T> = {}) => {
    if (options.schema instanceof Promise) options.schema.catch(() => undefined);
    const { body: answer, response } = await send('POST', path, jsonPayload(body), 'json', options);
    return { data: await parseData(answer, options, response.status), status: response.status };
  },
  put: <T = unknown>(path: string, body?: unknown, options: RequestOptions<T> = {}) =>
    requestJson<T>('PUT', path, jsonPayload(body), options),
  patch: <T = unknown>(path: string, body?: unknown, options: RequestOptions<T> = {}) =>
    requestJson<T>('PATCH', path, jsonPayload(body), options),
  delete: <T = unknown>(path: string, options: RequestOptions<T> = {}) =>
    requestJson<T>('DELETE', path, { kind: 'none' }, options),

  /** Multipart upload: the file under `file`, plus any extra text fields. */
  upload: <T = unknown>(
    path: string,
    file: Blob,
    options: RequestOptions<T> & { fields?: Record<string, string>; filename?: string } = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    if (options.filename !== undefined) form.append('file', file, options.filename);
    else form.append('file', file);
    // No Content-Type header: the browser adds the multipart boundary itself.
    return requestJson<T>('POST', path, { kind: 'form', value: form }, options);
  },

  /** A file answer (CSV, PNG, PDF) as a Blob; failures are still read as envelopes. */
  download: async (path: string, options: RequestOptions<never> = {}): Promise<Download> => {
    const { blob, response } = await send('GET', path, { kind: 'none' }, 'blob', options);
    return {
      blob: blob ?? new Blob([]),
      filename: filenameFromDisposition(response.headers.get('content-disposition')),
      contentType: response.headers.get('content-type'),
    };
  },
};
