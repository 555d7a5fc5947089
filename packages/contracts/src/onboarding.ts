import { z } from 'zod';
import { ONBOARDING_STEPS } from './constants.ts';

const stepSchema = z.enum(ONBOARDING_STEPS, { error: `Unknown step; expected one of ${ONBOARDING_STEPS.join(', ')}` });

/**
 * `GET /auth/onboarding/`: where the signed-in user is in the wizard. `completed_at` is set once,
 * by finishing (`complete`) or by skipping; the web routes to /onboarding while it is null.
 */
export const onboardingSchema = z.object({
  current_step: z.enum(ONBOARDING_STEPS),
  /** In wizard order, without repeats. */
  completed_steps: z.array(z.enum(ONBOARDING_STEPS)),
  skipped: z.boolean(),
  completed_at: z.iso.datetime().nullable(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/**
 * `PATCH /auth/onboarding/`: records progress; every field is optional, at least one is needed.
 * - `current_step`: the step the user is on now (going back is allowed).
 * - `completed_steps`: steps to mark done; added to those already done, never removed, so two
 *   tabs cannot undo each other's progress.
 * - `skipped: true`: skip the rest (spec 01 §4); a skip cannot be undone.
 * Moving to or completing `complete`, or skipping, sets `completed_at` (once).
 */
export const updateOnboardingSchema = z
  .object({
    current_step: stepSchema,
    completed_steps: z.array(stepSchema).max(ONBOARDING_STEPS.length, `At most ${ONBOARDING_STEPS.length} steps`),
    skipped: z.literal(true, { error: 'Send true to skip onboarding; a skip cannot be undone' }),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one of current_step, completed_steps or skipped');
export type UpdateOnboardingInput = z.input<typeof updateOnboardingSchema>;
