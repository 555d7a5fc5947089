import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicies } from '../../db/columns.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * Round robin's turn counter per page (an event's capture page): how many captures it has
 * assigned. `capture_leads` advances it by a batch's new leads in the batch's transaction (an
 * upsert, so concurrent batches take turns on the row), and the batch's leads take the turns it
 * skipped over, so captures are shared fairly however they arrive.
 */
export const assignmentTurns = pgTable(
  'assignment_turns',
  {
    pageId: uuid('page_id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    turns: bigint('turns', { mode: 'number' }).notNull().default(0),
  },
  (t) => [...tenantPolicies('assignment_turns', t.organizationId)],
).enableRLS();
