import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

/** Run-time settings staff admins change without a restart (one row per key, JSON value). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  /** The staff member who set it last. */
  updatedBy: uuid('updated_by'),
  updatedAt: timestamps.updatedAt,
});
