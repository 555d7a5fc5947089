import { describe } from 'vitest';
import { refreshResultSchema } from './auth.ts';
import { parseRefreshResult } from './refresh-check.ts';
import { itAgreesWithSchema } from './shape-check.test-support.ts';

const cases: [string, unknown][] = [
  ['an access token (the refresh in the cookie)', { access: 'a.b.c' }],
  ['both tokens (the refresh from the body)', { access: 'a.b.c', refresh: 'r.s.t' }],
  ['unknown keys (dropped)', { access: 'a.b.c', expires_in: 900 }],
  ['an empty token', { access: '' }],
  ['a refresh of null', { access: 'a.b.c', refresh: null }],
  ['a numeric refresh', { access: 'a.b.c', refresh: 7 }],
  ['no access token', { refresh: 'r.s.t' }],
  ['an access of null', { access: null }],
  ['a list', [{ access: 'a.b.c' }]],
  ['nothing', null],
];

describe('parseRefreshResult', () => {
  itAgreesWithSchema(refreshResultSchema, parseRefreshResult, 'refresh result', cases);
});
