import { and, eq } from 'drizzle-orm';
import { ONBOARDING_STEPS, type OnboardingStep } from '@leadcapture/contracts/constants';
import type { Onboarding, updateOnboardingSchema } from '@leadcapture/contracts/onboarding';
import type { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { users } from '../auth/auth.table.ts';
import { userOnboarding } from './onboarding.table.ts';

type OnboardingRow = typeof userOnboarding.$inferSelect;
type OnboardingState = Pick<OnboardingRow, 'currentStep' | 'completedSteps' | 'skipped' | 'completedAt'>;
export type UpdateOnboarding = z.output<typeof updateOnboardingSchema>;

/** A user with no row has not started. */
export const NOT_STARTED: OnboardingState = {
  currentStep: 'welcome',
  completedSteps: [],
  skipped: false,
  completedAt: null,
};

const inWizardOrder = (steps: Iterable<OnboardingStep>) => {
  const set = new Set(steps);
  return ONBOARDING_STEPS.filter((s) => set.has(s));
};

export function toOnboarding(state: OnboardingState): Onboarding {
  return {
    current_step: state.currentStep,
    completed_steps: inWizardOrder(state.completedSteps),
    skipped: state.skipped,
    completed_at: state.completedAt?.toISOString() ?? null,
  };
}

/**
 * The rules of recording progress, apart from storage: completed steps only accumulate (two
 * tabs cannot undo each other), reaching `complete` marks it done, skipping jumps to the end,
 * and `completed_at` is set once, by finishing or skipping, and then kept.
 */
export function applyProgress(state: OnboardingState, input: UpdateOnboarding, now: Date): OnboardingState {
  const completed = new Set<OnboardingStep>([...state.completedSteps, ...(input.completed_steps ?? [])]);
  let currentStep = input.current_step ?? state.currentStep;
  if (currentStep === 'complete' && !input.skipped) completed.add('complete');
  if (input.current_step === undefined && completed.has('complete')) currentStep = 'complete';
  const skipped = state.skipped || input.skipped === true;
  if (input.skipped) currentStep = 'complete';
  const finished = skipped || completed.has('complete');
  return {
    currentStep,
    completedSteps: inWizardOrder(completed),
    skipped,
    completedAt: state.completedAt ?? (finished ? now : null),
  };
}

const userGone = () => new AppError('NOT_AUTHENTICATED', 'User not found or inactive');

/** GET /auth/onboarding/ for the signed-in user. */
export async function getOnboarding(deps: AppDeps, userId: string): Promise<Onboarding> {
  const [row] = await deps.db
    .select({ user: users.id, state: userOnboarding })
    .from(users)
    .leftJoin(userOnboarding, eq(userOnboarding.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!row) throw userGone();
  return toOnboarding(row.state ?? NOT_STARTED);
}

/** PATCH /auth/onboarding/: records progress in one transaction; /auth/me/ shows it at once. */
export async function updateOnboarding(
  deps: AppDeps,
  meta: RequestMeta,
  userId: string,
  input: UpdateOnboarding,
): Promise<Onboarding> {
  const next = await deps.db.transaction(async (tx) => {
    // The user's row lock makes concurrent updates (two tabs) apply one after the other, so
    // neither loses the other's completed steps on PostgreSQL.
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isActive, true)))
      .for('update');
    if (!user) throw userGone();
    const [current] = await tx.select().from(userOnboarding).where(eq(userOnboarding.userId, userId));
    const state = applyProgress(current ?? NOT_STARTED, input, new Date());
    await tx
      .insert(userOnboarding)
      .values({ userId, ...state })
      .onConflictDoUpdate({ target: userOnboarding.userId, set: { ...state, updatedAt: new Date() } });
    if (!current?.completedAt && state.completedAt) {
      await recordAudit(tx, meta, {
        action: state.skipped ? 'auth.onboarding_skipped' : 'auth.onboarding_completed',
        userId,
        targetType: 'user',
        targetId: userId,
      });
    }
    return state;
  });
  deps.meCache.invalidate(userId);
  return toOnboarding(next);
}
