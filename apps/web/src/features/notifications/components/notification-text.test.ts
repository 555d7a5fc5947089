import { describe, expect, it } from 'vitest';
import type { Notification } from '@leadcapture/contracts/notifications';
import { i18n, initI18n, loadNamespaces } from '../../../i18n/i18n.ts';
import { notificationText } from './notification-text.ts';

/** The one notice an assignee gets for an import's leads (issue 26), in each language. */
const notice = (count: number) =>
  ({
    type: 'leads_imported',
    data: { import_id: '6f1b8a8e-9d0e-4a57-a4b8-1d1f2a0c9e11', count, event_name: 'Elmia' },
  }) as Pick<Notification, 'type' | 'data'> as Notification;

describe('leads_imported notification text', () => {
  it('says how many imported leads came to the reader, in English and Swedish', async () => {
    await initI18n('en');
    await loadNamespaces('en', ['notifications']);
    const en = i18n.getFixedT('en', 'notifications');
    expect(notificationText(en, notice(37))).toBe('37 leads imported into Elmia and assigned to you');
    expect(notificationText(en, notice(1))).toBe('1 imported lead in Elmia was assigned to you');
    await loadNamespaces('sv', ['notifications']);
    const sv = i18n.getFixedT('sv', 'notifications');
    expect(notificationText(sv, notice(37))).toBe('37 leads importerades till Elmia och tilldelades dig');
  });
});
