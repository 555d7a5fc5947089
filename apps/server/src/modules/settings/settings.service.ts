import { inArray, sql } from 'drizzle-orm';
import { TRIAL_DAYS } from '@leadcapture/contracts/constants';
import { runtimeSettingsSchema, type RuntimeSettings } from '@leadcapture/contracts/staff';
import type { Queryable } from '../../db/database.ts';
import { appSettings } from './settings.table.ts';

/**
 * Settings staff admins change at run time (/api/v1/admin/settings/, docs/staff.md): whether
 * sign-ups are open and the length of a new organisation's trial. Read where they apply (sign-up,
 * trial creation) on every use: one indexed read, and every process sees a change at once.
 */
export const RUNTIME_DEFAULTS: RuntimeSettings = { signups_open: true, trial_days: TRIAL_DAYS };
const KEYS = Object.keys(RUNTIME_DEFAULTS) as Array<keyof RuntimeSettings>;

export async function readRuntimeSettings(q: Queryable): Promise<RuntimeSettings> {
  const rows = await q.select().from(appSettings).where(inArray(appSettings.key, KEYS));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const parsed = runtimeSettingsSchema.partial().safeParse(stored);
  return { ...RUNTIME_DEFAULTS, ...(parsed.success ? parsed.data : {}) };
}

export async function writeRuntimeSettings(
  q: Queryable,
  changes: Partial<RuntimeSettings>,
  staffUserId: string,
): Promise<RuntimeSettings> {
  for (const [key, value] of Object.entries(changes) as Array<[string, unknown]>) {
    if (value === undefined) continue;
    await q
      .insert(appSettings)
      .values({ key, value, updatedBy: staffUserId })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: staffUserId, updatedAt: sql`now()` } });
  }
  return readRuntimeSettings(q);
}
