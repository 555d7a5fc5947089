import { sql } from 'drizzle-orm';
import { isHelpArticle, type HelpFeedbackCounts, type HelpFeedbackInput } from '@leadcapture/contracts/help';
import { inScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { validationError } from '../../http/errors.ts';
import type { ThrottleRule } from '../../http/throttle.ts';
import type { RequestMeta } from '../audit/audit.service.ts';
import { helpArticleFeedback } from './help.table.ts';

/** A reader answers a few articles a visit; a script raising one article's counts stops at 30 an hour. */
export const HELP_FEEDBACK_THROTTLE: ThrottleRule = { name: 'help-feedback-ip', limit: 30, windowSeconds: 60 * 60 };

/**
 * Counts one answer to "Was this helpful?" and answers the article's counts in that language.
 * One statement (insert or add one), so answers arriving together are all counted, on PGlite and
 * on PostgreSQL alike.
 */
export async function recordHelpFeedback(
  deps: AppDeps,
  meta: RequestMeta,
  input: HelpFeedbackInput,
): Promise<HelpFeedbackCounts> {
  if (!isHelpArticle(input.category, input.article)) {
    throw validationError({ article: ['Unknown article'] });
  }
  if (meta.ip) await deps.throttle.consume(HELP_FEEDBACK_THROTTLE, meta.ip);
  const yes = input.helpful ? 1 : 0;
  const no = input.helpful ? 0 : 1;
  const [row] = await inScope(deps.db, {}, (tx) =>
    tx
      .insert(helpArticleFeedback)
      .values({
        category: input.category,
        article: input.article,
        language: input.language,
        helpful: yes,
        notHelpful: no,
      })
      .onConflictDoUpdate({
        target: [helpArticleFeedback.category, helpArticleFeedback.article, helpArticleFeedback.language],
        set: {
          helpful: sql`${helpArticleFeedback.helpful} + ${yes}`,
          notHelpful: sql`${helpArticleFeedback.notHelpful} + ${no}`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ helpful: helpArticleFeedback.helpful, not_helpful: helpArticleFeedback.notHelpful }),
  );
  if (!row) throw new Error('help feedback upsert returned no row');
  return row;
}
