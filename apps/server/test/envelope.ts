import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';

/** Assertions on the envelope of 03-decisions §2, shared by the route tests. */
export type Response = LightMyRequestResponse;

export interface ErrorBody {
  message: string;
  code: string;
  details?: Record<string, string[]>;
}
export interface ErrorEnvelope {
  status: 'error';
  status_code: number;
  error: ErrorBody;
  meta: { timestamp: string };
}
export interface SuccessEnvelope<T> {
  status: 'success';
  status_code: number;
  data: T;
  meta: { timestamp: string };
}

/** Asserts the error envelope with this status and code; answers `error`. */
export function expectError(res: Response, status: number, code: string): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<ErrorEnvelope>();
  expect(Object.keys(body).sort()).toEqual(['error', 'meta', 'status', 'status_code']);
  expect(body.status).toBe('error');
  expect(body.status_code).toBe(status);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  for (const key of Object.keys(body.error)) expect(['message', 'code', 'details']).toContain(key);
  expect(new Date(body.meta.timestamp).toISOString()).toBe(body.meta.timestamp);
  return body.error;
}

/** For answers whose data the test does not look into. */
export const anyData = z.unknown();

/** Asserts a success envelope with this status; answers `data`, parsed by its contract schema. */
export function expectData<S extends z.ZodType>(schema: S, res: Response, status = 200): z.output<S> {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<SuccessEnvelope<unknown>>();
  expect(body.status).toBe('success');
  expect(body.status_code).toBe(status);
  expect(new Date(body.meta.timestamp).toISOString()).toBe(body.meta.timestamp);
  // The answer honours the published contract (extra fields are stripped by the parse).
  return schema.parse(body.data);
}

/** The details of a 422, asserting the given fields are among them. */
export function expectValidation(res: Response, ...fields: string[]): Record<string, string[]> {
  const details = expectError(res, 422, 'VALIDATION_ERROR').details ?? {};
  for (const f of fields) expect(details, `details.${f}`).toHaveProperty([f]);
  return details;
}
