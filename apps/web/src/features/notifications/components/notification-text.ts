import type { Notification, NotificationType } from '@leadcapture/contracts/notifications';
import type { TFunction } from 'i18next';

type Renderer = (t: TFunction<'notifications'>, data: Notification['data']) => string;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** One sentence per type, from the data the server stored with it (the server stores no text). */
const RENDERERS: Record<NotificationType, Renderer> = {
  lead_follow_up_due: (t, data) => {
    const name = text(data.lead_name) || t('types.unnamedLead');
    const company = text(data.company);
    return company
      ? t('types.lead_follow_up_due.withCompany', { name, company })
      : t('types.lead_follow_up_due.text', { name });
  },
};

/** A notification's sentence in the reader's language, written from its type and data. */
export function notificationText(t: TFunction<'notifications'>, n: Notification): string {
  return RENDERERS[n.type](t, n.data);
}
