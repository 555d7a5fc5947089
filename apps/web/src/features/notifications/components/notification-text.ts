import type { Notification } from '@leadcapture/contracts/notifications';
import type { TFunction } from 'i18next';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A notification's sentence in the reader's language, written from its type and data (the
 * server stores no text). A type this build does not know yet reads as a generic line.
 */
export function notificationText(t: TFunction<'notifications'>, n: Notification): string {
  switch (n.type) {
    case 'lead_follow_up_due': {
      const name = text(n.data.lead_name) || t('types.unnamedLead');
      const company = text(n.data.company);
      return company
        ? t('types.lead_follow_up_due.withCompany', { name, company })
        : t('types.lead_follow_up_due.text', { name });
    }
    default:
      return t('types.unknown');
  }
}
