import {
  ERROR_MESSAGES,
  ERROR_STATUS,
  NON_FIELD_ERRORS,
  type ErrorCode,
  type ValidationDetails,
} from '@leadcapture/contracts/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError, isQueryCanceled, isUnstorableText } from '../db/database.ts';
import { errorEnvelope } from './envelope.ts';

/** A coded error thrown anywhere below the routes; mapped to HTTP in exactly one place. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
    /** Extra response headers (Retry-After on RATE_LIMITED). */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const validationError = (details: ValidationDetails, message?: string) =>
  new AppError('VALIDATION_ERROR', message ?? ERROR_MESSAGES.VALIDATION_ERROR, details);

/** '/form_fields/2/label' -> 'form_fields.2.label'. */
function dotted(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || NON_FIELD_ERRORS;
}

/** Fastify's own errors (body parsing, limits, routing) to our codes. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is larger than 1 MB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON with Content-Type: application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', 'The JSON body is empty.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', 'Content-Length does not match the body.');
    // A path segment longer than any id, slug or code (the router's maxParamLength) names nothing.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('NOT_FOUND');
    case 'FST_ERR_BAD_URL':
      return new AppError('BAD_REQUEST', 'The address is not a valid URL.');
    default:
      break;
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('BAD_REQUEST', 'Malformed JSON in request body.');
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    const byStatus: Partial<Record<number, ErrorCode>> = {
      401: 'NOT_AUTHENTICATED',
      403: 'PERMISSION_DENIED',
      404: 'NOT_FOUND',
      405: 'METHOD_NOT_ALLOWED',
      413: 'PAYLOAD_TOO_LARGE',
      415: 'UNSUPPORTED_MEDIA_TYPE',
      429: 'RATE_LIMITED',
    };
    const code = byStatus[error.statusCode];
    return code ? new AppError(code) : new AppError('BAD_REQUEST', error.message);
  }
  return undefined;
}

/** Route-schema validation failures -> 422 with `{field: [messages]}`. */
function fromValidation(error: FastifyError): AppError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const details: ValidationDetails = {};
  for (const v of error.validation) {
    const key = dotted(v.instancePath);
    (details[key] ??= []).push(v.message ?? 'Invalid value');
  }
  const where = error.validationContext && error.validationContext !== 'body' ? ` (${error.validationContext})` : '';
  return new AppError('VALIDATION_ERROR', `Validation failed${where}`, details);
}

/**
 * What the database refuses because of the request's own input. A NUL character passes every
 * schema (it is a character like any other to JSON and zod) and only PostgreSQL cannot store it;
 * whichever field or parameter carried it, nothing was written (the statement failed).
 */
function fromDatabaseError(error: unknown): AppError | undefined {
  if (isUnstorableText(error)) return new AppError('BAD_REQUEST', 'Text may not contain the NUL character (\\u0000).');
  // A statement past its time limit (or cancelled): the request is refused as a whole, nothing
  // of it was committed. 503, not 500: nothing is broken, and the same request may pass when
  // the database is less busy; the message says what happened without any SQL.
  if (isQueryCanceled(error)) return databaseUnavailable(TOOK_TOO_LONG);
  // The database is down, restarting or cut off: nothing of this request was acknowledged.
  if (isConnectionError(error)) return databaseUnavailable(DATABASE_UNREACHABLE);
  return undefined;
}

/** Seconds a client waits before trying again after a 503 of the database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const TOOK_TOO_LONG = 'The request took too long and was stopped. Try again in a moment, or narrow it down.';
export const DATABASE_UNREACHABLE = 'The database is unavailable. Try again in a few seconds.';

export const databaseUnavailable = (message: string, details?: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', message, details, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });

/** The single error handler: every failure leaves as the error envelope. */
export function handleError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const mapped =
    error instanceof AppError
      ? error
      : (fromValidation(error as FastifyError) ?? fromFastifyError(error as FastifyError) ?? fromDatabaseError(error));
  if (!mapped) {
    // Unexpected: log everything, answer nothing internal.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorEnvelope(500, 'INTERNAL_ERROR', ERROR_MESSAGES.INTERNAL_ERROR));
  }
  const status = ERROR_STATUS[mapped.code];
  // A database outage answers hundreds of these a second: expected, and logged once per request
  // without the stack of each.
  if (mapped.code === 'SERVICE_UNAVAILABLE') request.log.warn({ reason: error.message }, mapped.message);
  else if (status >= 500) request.log.error({ err: error }, mapped.message);
  if (mapped.headers) void reply.headers(mapped.headers);
  return reply.status(status).send(errorEnvelope(status, mapped.code, mapped.message, mapped.details));
}
