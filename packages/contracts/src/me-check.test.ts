import { describe, expect, it } from 'vitest';
import { meSchema } from './auth.ts';
import { parseMe } from './me-check.ts';
import { itAgreesWithSchema } from './shape-check.test-support.ts';

const organization = { id: '7d8c0f4e-2b1a-4c3d-9e8f-0a1b2c3d4e5f', name: 'Fjord AB', slug: 'fjord-ab', role: 'owner' };
const me = {
  id: '3f2b8a9c-1d4e-4f6a-8b7c-5d6e7f8a9b0c',
  email: 'greta@fjord.se',
  first_name: 'Greta',
  last_name: 'Berg',
  phone: '',
  job_title: 'CTO',
  timezone: 'Europe/Stockholm',
  language: 'sv',
  date_joined: '2026-11-25T09:30:00.123Z',
  email_verified: true,
  organizations: [organization],
  current_organization: organization,
  onboarding_completed: false,
};

/** One change to the valid user per case: each either still passes both checks or fails both. */
const cases: [string, unknown][] = [
  ['the valid user', me],
  ['unknown keys (dropped)', { ...me, avatar: 'x', organizations: [{ ...organization, extra: 1 }] }],
  ['no organisation yet', { ...me, organizations: [], current_organization: null }],
  ['a date without a fraction', { ...me, date_joined: '2026-11-25T09:30:00Z' }],
  ['a date without seconds', { ...me, date_joined: '2026-11-25T09:30Z' }],
  ['a date with an offset', { ...me, date_joined: '2026-11-25T09:30:00+01:00' }],
  ['a date that is not one', { ...me, date_joined: '2026-02-30T09:30:00Z' }],
  ['a leap day', { ...me, date_joined: '2028-02-29T00:00:00Z' }],
  ['the nil id', { ...me, id: '00000000-0000-0000-0000-000000000000' }],
  ['an id of version 9', { ...me, id: '3f2b8a9c-1d4e-9f6a-8b7c-5d6e7f8a9b0c' }],
  ['an id of the wrong variant', { ...me, id: '3f2b8a9c-1d4e-4f6a-cb7c-5d6e7f8a9b0c' }],
  ['an id in capitals', { ...me, id: '3F2B8A9C-1D4E-4F6A-8B7C-5D6E7F8A9B0C' }],
  ['a numeric id', { ...me, id: 42 }],
  ['an unknown language', { ...me, language: 'no' }],
  ['an unknown role', { ...me, organizations: [{ ...organization, role: 'guest' }] }],
  ['a missing name', { ...me, first_name: undefined }],
  ['a null phone', { ...me, phone: null }],
  ['a string flag', { ...me, email_verified: 'true' }],
  ['organizations not a list', { ...me, organizations: organization }],
  ['a missing current organisation', { ...me, current_organization: undefined }],
  ['a bad current organisation', { ...me, current_organization: { ...organization, id: 'x' } }],
  ['an organisation that is null', { ...me, organizations: [null] }],
  ['a list', [me]],
  ['nothing', null],
];

describe('parseMe', () => {
  itAgreesWithSchema(meSchema, parseMe, 'user', cases);

  it('names where the shape is wrong', () => {
    expect(() => parseMe({ ...me, organizations: [organization, { ...organization, role: 'guest' }] })).toThrow(
      'Unexpected user shape at organizations.1.role',
    );
  });
});
