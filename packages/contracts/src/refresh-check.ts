/**
 * `refreshResultSchema` (auth.ts) without zod: every signed-in page starts with a refresh (the
 * access token lives in memory only), and waiting for zod before it would put the download in
 * front of the user's first answer (shape-check.ts). It accepts and answers exactly what
 * `refreshResultSchema.parse` does; refresh-check.test.ts holds the two together.
 */
import type { RefreshResult } from './auth.ts';
import { shapeOf } from './shape-check.ts';

const refreshFields = shapeOf('refresh result');

/** What `refreshResultSchema.parse(data)` answers, or throws when it would. */
export function parseRefreshResult(data: unknown): RefreshResult {
  const fields = refreshFields(data);
  const access = fields.text('access');
  const refresh = fields.optionalText('refresh');
  return refresh === undefined ? { access } : { access, refresh };
}

/** For the API client's `schema` option. */
export const refreshResultParser = { parse: parseRefreshResult };
