import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OnboardingStep } from '@leadcapture/contracts/constants';
import { timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';

/**
 * Onboarding progress, one row per user, created on the first recorded step (no row reads as
 * "not started"). It belongs to the person, not to an organisation, so it has no RLS, like users.
 */
export const userOnboarding = pgTable('user_onboarding', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentStep: text('current_step').$type<OnboardingStep>().notNull().default('welcome'),
  completedSteps: text('completed_steps')
    .array()
    .$type<OnboardingStep[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  skipped: boolean('skipped').notNull().default(false),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  ...timestamps,
});
