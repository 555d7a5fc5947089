import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * "Was this helpful?" counts per help article and language (03-decisions §4d). Not a tenant
 * table: the help centre is public and an answer belongs to no organisation, so nothing about
 * who answered is kept, only the two counters, raised atomically.
 */
export const helpArticleFeedback = pgTable(
  'help_article_feedback',
  {
    category: text('category').notNull(),
    article: text('article').notNull(),
    language: text('language').notNull(),
    helpful: integer('helpful').notNull().default(0),
    notHelpful: integer('not_helpful').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.category, t.article, t.language] })],
);
