import { describe, expect, it } from 'vitest';
import { unreadCountSchema } from './notifications.ts';
import { parseUnreadCount } from './unread-count-check.ts';

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
  it.each(cases)('agrees with the contract unreadCountSchema on %s', (_name, input) => {
    const contract = unreadCountSchema.safeParse(input);
    if (contract.success) expect(parseUnreadCount(input)).toEqual(contract.data);
    else expect(() => parseUnreadCount(input)).toThrow('Unexpected unread count shape at');
  });
});
