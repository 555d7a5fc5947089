/**
 * `meSchema` (auth.ts) without zod: the check of `GET /auth/me/` that every signed-in page's
 * guard waits for before the page can draw, so the first page does not wait for zod as well
 * (shape-check.ts). It accepts and answers exactly what `meSchema.parse` does, unknown keys
 * dropped; me-check.test.ts holds the two together input by input. A change to the user's shape
 * changes both.
 */
import type { Me, MembershipSummary } from './auth.ts';
import { PROFILE_LANGUAGES, ROLES } from './constants.ts';
import { shapeOf, type Fields } from './shape-check.ts';

const userFields = shapeOf('user');

function membership(fields: Fields): MembershipSummary {
  return {
    id: fields.uuid('id'),
    name: fields.text('name'),
    slug: fields.text('slug'),
    role: fields.oneOf('role', ROLES),
  };
}

/** What `meSchema.parse(data)` answers, or throws when it would. */
export function parseMe(data: unknown): Me {
  const fields = userFields(data);
  return {
    id: fields.uuid('id'),
    email: fields.text('email'),
    first_name: fields.text('first_name'),
    last_name: fields.text('last_name'),
    phone: fields.text('phone'),
    job_title: fields.text('job_title'),
    timezone: fields.text('timezone'),
    language: fields.oneOf('language', PROFILE_LANGUAGES),
    date_joined: fields.datetime('date_joined'),
    email_verified: fields.flag('email_verified'),
    organizations: fields.list('organizations', membership),
    current_organization: fields.objectOrNull('current_organization', membership),
    onboarding_completed: fields.flag('onboarding_completed'),
  };
}

/** For the API client's `schema` option. */
export const meParser = { parse: parseMe };
