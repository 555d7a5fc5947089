/**
 * `unreadCountSchema` (notifications.ts) without zod: the bell every signed-in page draws polls
 * this count, and checking it must not bring zod and the notification schemas to every page
 * (shape-check.ts). It accepts and answers exactly what `unreadCountSchema.parse` does;
 * unread-count-check.test.ts holds the two together.
 */
import type { UnreadCount } from './notifications.ts';
import { shapeOf } from './shape-check.ts';

const unreadCountFields = shapeOf('unread count');

/** What `unreadCountSchema.parse(data)` answers, or throws when it would. */
export function parseUnreadCount(data: unknown): UnreadCount {
  return { unread_count: unreadCountFields(data).count('unread_count') };
}

/** For the API client's `schema` option. */
export const unreadCountParser = { parse: parseUnreadCount };
