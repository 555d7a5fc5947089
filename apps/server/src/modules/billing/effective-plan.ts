import { planById, type Plan } from '@leadcapture/contracts/billing';
import type { subscriptions } from './billing.table.ts';

/**
 * The plan whose limits apply now: the subscription's, except a trial whose end has passed and
 * that the period-end task has not yet moved, which is free already (capture_leads reads it so
 * too).
 */
export function effectivePlan(
  row: Pick<typeof subscriptions.$inferSelect, 'status' | 'planId' | 'trialEnd'>,
  now: Date,
): Plan {
  const trialOver = row.status === 'trialing' && row.trialEnd !== null && row.trialEnd <= now;
  return planById(trialOver ? 'free' : row.planId);
}
