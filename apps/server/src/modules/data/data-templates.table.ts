import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DataResource, TemplateKind } from '@leadcapture/contracts/data-exports';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * Saved export column sets (`kind` export, `columns`) and import mappings (`kind` import,
 * `mapping`), shared by everyone in the organisation; a name is unique per kind and resource.
 */
export const dataTemplates = pgTable(
  'data_templates',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TemplateKind>().notNull(),
    resource: text('resource').$type<DataResource>().notNull(),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<string[] | null>(),
    mapping: jsonb('mapping').$type<Record<string, string | null> | null>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('data_templates_name_key').on(t.organizationId, t.kind, t.resource, t.name),
    index('data_templates_organization_idx').on(t.organizationId, t.createdAt),
    ...tenantPolicies('data_templates', t.organizationId),
  ],
).enableRLS();
