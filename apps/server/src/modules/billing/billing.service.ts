import { TRIAL_DAYS } from '@leadcapture/contracts/constants';
import type { Tx } from '../../db/database.ts';
import { subscriptions } from './billing.table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new organisation starts trialing on Professional for 14 days (03-decisions §4). */
export async function startTrial(tx: Tx, organizationId: string, now = new Date()): Promise<void> {
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  await tx.insert(subscriptions).values({
    organizationId,
    planId: 'professional',
    status: 'trialing',
    billingCycle: 'monthly',
    trialEnd,
    currentPeriodStart: now,
    currentPeriodEnd: trialEnd,
  });
}
