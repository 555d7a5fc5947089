import { and, eq, inArray, sql } from 'drizzle-orm';
import { LEAD_RETENTION_DAYS } from '@leadcapture/contracts/leads';
import { queryRows, type Database } from '../../db/database.ts';
import { allowStatementTime, inScope } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { leads } from './leads.table.ts';

/** Leads deleted for good per transaction: short transactions, locks held briefly. */
export const PURGE_BATCH = 500;

/** How the scheduler's runs appear in the audit log, which records a request's origin. */
const SCHEDULER_META = { ip: null, userAgent: 'scheduler' };

/**
 * Deletes for good the leads that have been in the bin longer than LEAD_RETENTION_DAYS (their
 * activities and email confirmations go with them by ON DELETE CASCADE, their notifications
 * here), in batches, each batch in its organisation's scope with an audit entry of its count.
 * Restoring such a lead already answers 404 (leads.service inRetention), so nothing restorable
 * is lost. The organisations come from lead_bin_expired_organizations()
 * (db/functions/), the
 * one look-up that sees past row-level security.
 */
export async function purgeExpiredLeads(
  db: Database,
  { retentionDays = LEAD_RETENTION_DAYS, batch = PURGE_BATCH }: { retentionDays?: number; batch?: number } = {},
): Promise<{ organizations: number; purged: number }> {
  const orgs = await queryRows<{ id: string }>(db, sql`select lead_bin_expired_organizations(${retentionDays}) as id`);
  let purged = 0;
  for (const { id: organizationId } of orgs) {
    for (;;) {
      const count = await inScope(db, { organizationId }, async (tx) => {
        await allowStatementTime(tx, 'purge');
        // A materialised CTE: as a subquery of IN, a rescan of LIMIT … FOR UPDATE would skip the
        // rows this statement already deleted and go on to the next ones, ignoring the batch.
        // SKIP LOCKED: another process purging at the same time takes other rows.
        const gone = await queryRows<{ id: string }>(
          tx,
          sql`with expired as materialized (
                select ${leads.id} from ${leads}
                where ${leads.organizationId} = ${organizationId} and ${leads.deletedAt} is not null
                  and ${leads.deletedAt} < now() - make_interval(days => ${retentionDays})
                limit ${batch} for update skip locked)
              delete from ${leads} using expired where ${leads.id} = expired.id
              returning ${leads.id} as id`,
        );
        if (gone.length === 0) return 0;
        const ids = gone.map((g) => g.id);
        await tx
          .delete(notifications)
          .where(
            and(eq(notifications.organizationId, organizationId), inArray(sql`${notifications.data}->>'lead_id'`, ids)),
          );
        await recordAudit(tx, SCHEDULER_META, {
          action: 'lead.purged',
          userId: null,
          organizationId,
          targetType: 'lead',
          metadata: { count: ids.length, retention_days: retentionDays },
        });
        return ids.length;
      });
      purged += count;
      if (count < batch) break;
    }
  }
  return { organizations: orgs.length, purged };
}
