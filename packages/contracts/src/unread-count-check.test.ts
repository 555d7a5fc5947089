import { describe } from 'vitest';
import { unreadCountSchema } from './notifications.ts';
import { parseUnreadCount } from './unread-count-check.ts';
import { itAgreesWithSchema } from './shape-check.test-support.ts';

const cases: [string, unknown][] = [
  ['a count', { unread_count: 3 }],
  ['none', { unread_count: 0 }],
  ['unknown keys (dropped)', { unread_count: 3, total: 9 }],
  ['a negative count', { unread_count: -1 }],
  ['a fraction', { unread_count: 1.5 }],
  ['a string', { unread_count: '3' }],
  ['null', { unread_count: null }],
  ['no count', {}],
  ['a list', [{ unread_count: 3 }]],
  ['nothing', null],
];

describe('parseUnreadCount', () => {
  itAgreesWithSchema(unreadCountSchema, parseUnreadCount, 'unread count', cases);
});
