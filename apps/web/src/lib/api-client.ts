/**
 * The single way the web app talks to the API. Every JSON answer of the API is an envelope
 * (packages/contracts/src/envelope.ts):
 *   success: {status:"success", status_code, data, meta:{timestamp}}
 *   error:   {status:"error", status_code, error:{message, code, details?}, meta:{timestamp}}
 * Anything else (an HTML error page from a proxy, a half-written body, a renamed field) is
 * rejected here, so components never render data of a shape they were not written for.
 */

export const INVALID_RESPONSE_MESSAGE = 'Invalid API response format';

/** The API answered with an error envelope; `code` is the stable machine-readable reason. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: unknown;

  constructor(message: string, statusCode: number, code: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

/** The answer was not an envelope, or `data` was not the expected shape. */
export class InvalidResponseError extends Error {
  constructor() {
    super(INVALID_RESPONSE_MESSAGE);
    this.name = 'InvalidResponseError';
  }
}

/** A type guard for the `data` of one endpoint. */
export type DataGuard<T> = (data: unknown) => data is T;

export type RequestOptions = {
  signal?: AbortSignal | undefined;
};

type Envelope =
  | { kind: 'success'; statusCode: number; data: unknown }
  | { kind: 'error'; statusCode: number; message: string; code: string; details: unknown };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasMeta(body: Record<string, unknown>): boolean {
  return isRecord(body.meta) && typeof body.meta.timestamp === 'string';
}

/** Reads the envelope, or returns undefined when the body is not one. */
export function parseEnvelope(body: unknown): Envelope | undefined {
  if (!isRecord(body) || typeof body.status_code !== 'number' || !hasMeta(body)) return undefined;
  if (body.status === 'success' && 'data' in body) {
    return { kind: 'success', statusCode: body.status_code, data: body.data };
  }
  if (body.status === 'error' && isRecord(body.error)) {
    const { message, code, details } = body.error;
    if (typeof message !== 'string' || typeof code !== 'string') return undefined;
    return { kind: 'error', statusCode: body.status_code, message, code, details };
  }
  return undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new InvalidResponseError();
  }
}

/** GET `path` (same origin, e.g. `/api/v1/status/`) and return its `data` once `isData` accepts it. */
export async function apiGet<T>(path: string, isData: DataGuard<T>, options: RequestOptions = {}): Promise<T> {
  const response = await fetch(path, {
    method: 'GET',
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal: options.signal ?? null,
  });
  const envelope = parseEnvelope(await readJson(response));
  if (envelope === undefined) throw new InvalidResponseError();
  if (envelope.kind === 'error') {
    throw new ApiError(envelope.message, envelope.statusCode, envelope.code, envelope.details);
  }
  // A success envelope on a failing HTTP status means something between us and the API is lying.
  if (!response.ok || !isData(envelope.data)) throw new InvalidResponseError();
  return envelope.data;
}
