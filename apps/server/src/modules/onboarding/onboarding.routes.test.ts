import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema, type AuthResult } from '@leadcapture/contracts/auth';
import { onboardingSchema, type Onboarding } from '@leadcapture/contracts/onboarding';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { expectData, expectError, expectValidation, type Response } from '../../../test/envelope.ts';
import { queryRows, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Pick<AuthResult, 'access' | 'user'>;

function call(method: 'GET' | 'PATCH', user: User, payload?: InjectOptions['payload']): Promise<Response> {
  return t.app.inject({
    method,
    url: '/api/v1/auth/onboarding/',
    headers: bearer(user.access),
    ...(payload === undefined ? {} : { payload }),
  });
}
const getProgress = async (user: User): Promise<Onboarding> => expectData(onboardingSchema, await call('GET', user));
const patch = async (user: User, payload: Record<string, unknown>): Promise<Onboarding> =>
  expectData(onboardingSchema, await call('PATCH', user, payload));
const onboarded = async (user: User): Promise<boolean> =>
  expectData(meSchema, await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: bearer(user.access) }))
    .onboarding_completed;

/** The user's audit actions outside any organisation, read as the session user (see auth tests). */
async function userAudit(userId: string): Promise<string[]> {
  const rows = await inScope(t.database.db, {}, async (tx: Tx) => {
    await tx.execute(sql`set local role none`);
    return queryRows<{ action: string }>(
      tx,
      sql`select action from audit_logs where user_id = ${userId} and action like 'auth.onboarding%' order by created_at`,
    );
  });
  return rows.map((r) => r.action);
}

describe('GET /auth/onboarding/', () => {
  it('answers "not started" for a new user, and /auth/me/ says onboarding is not completed', async () => {
    const a = await registerUser(t);
    expect(await getProgress(a)).toEqual({
      current_step: 'welcome',
      completed_steps: [],
      skipped: false,
      completed_at: null,
    });
    expect(await onboarded(a)).toBe(false);
  });

  it('answers without the trailing slash too', async () => {
    const a = await registerUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/onboarding', headers: bearer(a.access) });
    expect(expectData(onboardingSchema, res).current_step).toBe('welcome');
  });
});

describe('PATCH /auth/onboarding/', () => {
  it('records the current step and completed steps, in wizard order and without repeats', async () => {
    const a = await registerUser(t);
    const first = await patch(a, { current_step: 'create_event', completed_steps: ['welcome'] });
    expect(first).toEqual({
      current_step: 'create_event',
      completed_steps: ['welcome'],
      skipped: false,
      completed_at: null,
    });
    const second = await patch(a, {
      current_step: 'dashboard_tour',
      completed_steps: ['setup_forms', 'create_event', 'welcome'],
    });
    expect(second.completed_steps).toEqual(['welcome', 'create_event', 'setup_forms']);
    expect(await getProgress(a)).toEqual(second);
    expect(await onboarded(a)).toBe(false);
  });

  it('adds completed steps, never removes them (two tabs cannot undo each other)', async () => {
    const a = await registerUser(t);
    await patch(a, { completed_steps: ['welcome', 'create_event'] });
    const after = await patch(a, { completed_steps: ['setup_forms'], current_step: 'welcome' });
    expect(after).toMatchObject({
      current_step: 'welcome',
      completed_steps: ['welcome', 'create_event', 'setup_forms'],
    });
  });

  it('sets completed_at on reaching "complete", once; /auth/me/ shows it at once', async () => {
    const a = await registerUser(t);
    expect(await onboarded(a)).toBe(false); // cached now: the update must invalidate it
    const done = await patch(a, { current_step: 'complete', completed_steps: ['dashboard_tour'] });
    expect(done).toMatchObject({
      current_step: 'complete',
      completed_steps: ['dashboard_tour', 'complete'],
      skipped: false,
    });
    expect(Date.now() - Date.parse(done.completed_at ?? '')).toBeLessThan(60_000);
    expect(await onboarded(a)).toBe(true);
    // Visiting a step again later keeps the completion and its time.
    const revisit = await patch(a, { current_step: 'setup_forms' });
    expect(revisit).toMatchObject({ current_step: 'setup_forms', completed_at: done.completed_at });
    expect(await onboarded(a)).toBe(true);
    expect(await userAudit(a.user.id)).toEqual(['auth.onboarding_completed']);
  });

  it('also completes when "complete" is sent as a completed step', async () => {
    const a = await registerUser(t);
    const done = await patch(a, { completed_steps: ['complete'] });
    expect(done.current_step).toBe('complete');
    expect(done.completed_at).not.toBeNull();
  });

  it('skips: jumps to the end, sets completed_at, and cannot be undone', async () => {
    const a = await registerUser(t);
    await patch(a, { completed_steps: ['welcome'] });
    const skipped = await patch(a, { skipped: true });
    expect(skipped).toMatchObject({ current_step: 'complete', completed_steps: ['welcome'], skipped: true });
    expect(skipped.completed_at).not.toBeNull();
    expect(await onboarded(a)).toBe(true);
    expectValidation(await call('PATCH', a, { skipped: false }), 'skipped');
    expect((await getProgress(a)).skipped).toBe(true);
    expect(await userAudit(a.user.id)).toEqual(['auth.onboarding_skipped']);
  });

  it.each([
    ['an unknown current step', { current_step: 'billing' }, 'current_step'],
    ['an unknown completed step', { completed_steps: ['welcome', 'nope'] }, 'completed_steps.1'],
    ['completed steps that are not a list', { completed_steps: 'welcome' }, 'completed_steps'],
    ['too many completed steps', { completed_steps: Array(6).fill('welcome') }, 'completed_steps'],
    ['skipped as a string', { skipped: 'yes' }, 'skipped'],
    ['an empty body', {}, 'non_field_errors'],
  ])('answers 422 for %s and records nothing', async (_what, payload, field) => {
    const a = await registerUser(t);
    expectValidation(await call('PATCH', a, payload), field);
    expect(await getProgress(a)).toMatchObject({ current_step: 'welcome', completed_steps: [] });
  });

  it('answers 422 for an unknown field (the schema is strict)', async () => {
    const a = await registerUser(t);
    expectError(await call('PATCH', a, { current_step: 'complete', completed_at: null }), 422, 'VALIDATION_ERROR');
    expect((await getProgress(a)).completed_at).toBeNull();
  });

  it("keeps each user's progress apart", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    await patch(a, { skipped: true });
    expect(await getProgress(b)).toMatchObject({ skipped: false, completed_at: null });
    expect(await onboarded(b)).toBe(false);
  });

  it('answers 401 for a deleted user’s still-valid access token', async () => {
    const a = await registerUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/delete-account/',
      headers: bearer(a.access),
      payload: { password: a.password, confirmation: 'DELETE' },
    });
    // Deleting the account ends its sessions: the token is refused as soon as it is used.
    expectError(await call('GET', a), 401, 'TOKEN_INVALID');
    expectError(await call('PATCH', a, { skipped: true }), 401, 'TOKEN_INVALID');
  });
});
