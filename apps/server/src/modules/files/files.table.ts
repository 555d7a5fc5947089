import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AttachmentContentType, FilePurpose } from '@leadcapture/contracts/files';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { leads } from '../leads/leads.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * Uploaded files of an organisation. The bytes live in the file storage under `storage_key`
 * (made by the server); this row is what makes them reachable, so a file without its row is
 * never served and a row is only written after its bytes are stored.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // The organisation keeps its files when the uploader's account goes.
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<FilePurpose>().notNull(),
    contentType: text('content_type').$type<AttachmentContentType>().notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    storageKey: text('storage_key').notNull(),
    // A visitor's attachment: the public page (event or offer) it was uploaded on, and the lead it
    // was attached to by a capture (null until then; a file is attached once).
    pageId: uuid('page_id'),
    leadId: uuid('lead_id').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    // The capture that claimed the attachment (the id of the lead it writes) and when: set by one
    // conditional UPDATE before the lead is written, so of two captures naming one file only the
    // first passes. No foreign key: the lead does not exist yet when the claim is made.
    claimedFor: uuid('claimed_for'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('files_storage_key_key').on(t.storageKey),
    index('files_organization_created_idx').on(t.organizationId, t.createdAt),
    index('files_uploaded_by_idx').on(t.uploadedBy),
    index('files_lead_idx').on(t.leadId),
    // One logo per organisation: a new one replaces the old in the same transaction.
    uniqueIndex('files_organization_logo_key')
      .on(t.organizationId)
      .where(sql`${t.purpose} = 'organization_logo'`),
    // Logos are public by decision 008 (they appear on public capture pages), so their rows are
    // readable outside any tenant for GET /public/files/{id}/; every other file is tenant-only.
    ...tenantPolicies('files', t.organizationId, sql`${t.purpose} in ('organization_logo', 'event_logo')`),
  ],
).enableRLS();
