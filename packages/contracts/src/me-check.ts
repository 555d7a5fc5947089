/**
 * `meSchema` (auth.ts) without zod: the check of `GET /auth/me/` that every signed-in page's
 * guard waits for before the page can draw, so the first page does not wait for zod (~40 KB gzip)
 * as well (docs/decisions/010-web-performance-budget.md, "Session 10"). It accepts and answers
 * exactly what `meSchema.parse` does, unknown keys dropped; me-check.test.ts holds the two
 * together input by input. A change to the user's shape changes both.
 */
import type { Me, MembershipSummary } from './auth.ts';
import { PROFILE_LANGUAGES, ROLES } from './constants.ts';

/** zod's `z.uuid()`: RFC 9562 (versions 1-8, the variant bits), plus the nil and max UUIDs. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
/** zod's `z.iso.datetime()`: UTC only (`Z`), with seconds (RFC 3339), any fraction of them. */
const ISO_DATETIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/;

class MeShapeError extends Error {
  constructor(path: string) {
    super(`Unexpected user shape at ${path}`);
    this.name = 'MeShapeError';
  }
}

type Json = Record<string, unknown>;

function record(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MeShapeError(path);
  return value as Json;
}

function text(source: Json, key: string, path = key): string {
  const value = source[key];
  if (typeof value !== 'string') throw new MeShapeError(path);
  return value;
}

function matching(source: Json, key: string, pattern: RegExp, path = key): string {
  const value = text(source, key, path);
  if (!pattern.test(value)) throw new MeShapeError(path);
  return value;
}

function oneOf<T extends string>(source: Json, key: string, allowed: readonly T[], path = key): T {
  const value = text(source, key, path);
  if (!(allowed as readonly string[]).includes(value)) throw new MeShapeError(path);
  return value as T;
}

function flag(source: Json, key: string): boolean {
  const value = source[key];
  if (typeof value !== 'boolean') throw new MeShapeError(key);
  return value;
}

function membership(value: unknown, path: string): MembershipSummary {
  const source = record(value, path);
  return {
    id: matching(source, 'id', UUID, `${path}.id`),
    name: text(source, 'name', `${path}.name`),
    slug: text(source, 'slug', `${path}.slug`),
    role: oneOf(source, 'role', ROLES, `${path}.role`),
  };
}

/** What `meSchema.parse(data)` answers, or throws when it would. */
export function parseMe(data: unknown): Me {
  const source = record(data, '(root)');
  const organizations = source['organizations'];
  if (!Array.isArray(organizations)) throw new MeShapeError('organizations');
  const current = source['current_organization'];
  return {
    id: matching(source, 'id', UUID),
    email: text(source, 'email'),
    first_name: text(source, 'first_name'),
    last_name: text(source, 'last_name'),
    phone: text(source, 'phone'),
    job_title: text(source, 'job_title'),
    timezone: text(source, 'timezone'),
    language: oneOf(source, 'language', PROFILE_LANGUAGES),
    date_joined: matching(source, 'date_joined', ISO_DATETIME),
    email_verified: flag(source, 'email_verified'),
    organizations: organizations.map((item: unknown, index) => membership(item, `organizations.${index}`)),
    current_organization: current === null ? null : membership(current, 'current_organization'),
    onboarding_completed: flag(source, 'onboarding_completed'),
  };
}

/** For the API client's `schema` option. */
export const meParser = { parse: parseMe };
