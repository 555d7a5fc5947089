import type { ErrorEnvelope, SuccessEnvelope } from '@leadcapture/contracts/envelope';

/** The success envelope of spec 01 §8; status_code repeats the HTTP status. */
export function ok<T>(data: T, statusCode = 200): SuccessEnvelope<T> {
  return { status: 'success', status_code: statusCode, data, meta: { timestamp: new Date().toISOString() } };
}

export function errorEnvelope(statusCode: number, code: string, message: string, details?: unknown): ErrorEnvelope {
  return {
    status: 'error',
    status_code: statusCode,
    error: details === undefined ? { message, code } : { message, code, details },
    meta: { timestamp: new Date().toISOString() },
  };
}
