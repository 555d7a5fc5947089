import { USAGE_RESOURCES, type UsageResource } from '@leadcapture/contracts/billing';
import type { Notification, NotificationType } from '@leadcapture/contracts/notifications';
import type { TFunction } from 'i18next';

type Renderer = (t: TFunction<'notifications'>, data: Notification['data']) => string;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
const isResource = (value: unknown): value is UsageResource =>
  typeof value === 'string' && (USAGE_RESOURCES as readonly string[]).includes(value);

/** One sentence per type, from the data the server stored with it (the server stores no text). */
const leadName = (t: TFunction<'notifications'>, data: Notification['data']) =>
  text(data.lead_name) || t('types.unnamedLead');

const RENDERERS: Record<NotificationType, Renderer> = {
  lead_new: (t, data) => {
    const name = leadName(t, data);
    const source = text(data.source_name);
    return source ? t('types.lead_new.withSource', { name, source }) : t('types.lead_new.text', { name });
  },
  lead_new_batch: (t, data) => {
    const count = whole(data.count);
    const source = text(data.source_name);
    const line = source
      ? t('types.lead_new_batch.withSource', { count, source })
      : t('types.lead_new_batch.text', { count });
    const hot = whole(data.hot_count);
    return hot > 0 ? t('types.lead_new_batch.hot', { text: line, hot, count: hot }) : line;
  },
  lead_hot: (t, data) => t('types.lead_hot.text', { name: leadName(t, data), score: whole(data.score) }),
  lead_assigned: (t, data) => {
    const by = text(data.by);
    return by
      ? t('types.lead_assigned.text', { name: leadName(t, data), by })
      : t('types.lead_assigned.noActor', { name: leadName(t, data) });
  },
  leads_imported: (t, data) =>
    t('types.leads_imported.text', { count: whole(data.count), event: text(data.event_name) }),
  leads_bulk_assigned: (t, data) => {
    const count = whole(data.count);
    const by = text(data.by);
    return by ? t('types.leads_bulk_assigned.text', { count, by }) : t('types.leads_bulk_assigned.noActor', { count });
  },
  lead_status_changed: (t, data) =>
    t('types.lead_status_changed.text', {
      name: leadName(t, data),
      by: text(data.by) || t('types.someone'),
      status: t(`types.statuses.${text(data.to)}`, { defaultValue: text(data.to) }),
    }),
  invitation_accepted: (t, data) =>
    t('types.invitation_accepted.text', { name: text(data.member_name) || text(data.email) }),
  team_message: (t, data) => t('types.team_message.text', { from: text(data.from), title: text(data.title) }),
  lead_follow_up_due: (t, data) => {
    const name = text(data.lead_name) || t('types.unnamedLead');
    const company = text(data.company);
    return company
      ? t('types.lead_follow_up_due.withCompany', { name, company })
      : t('types.lead_follow_up_due.text', { name });
  },
  trial_ending: (t, data) => {
    const days = whole(data.days_remaining);
    return days > 0 ? t('types.trial_ending.text', { count: days }) : t('types.trial_ending.today');
  },
  trial_ended: (t) => t('types.trial_ended.text'),
  usage_threshold: (t, data) => {
    const limit = whole(data.limit);
    const resource = isResource(data.resource) ? t(`types.resources.${data.resource}`, { count: limit }) : '';
    const percentage = whole(data.percentage);
    return percentage >= 100
      ? t('types.usage_threshold.reached', { limit, resource })
      : t('types.usage_threshold.nearing', { percentage, limit, resource });
  },
  held_leads: (t, data) => t('types.held_leads.text', { limit: whole(data.limit) }),
  payment_failed: (t, data) => t('types.payment_failed.text', { number: text(data.invoice_number) }),
  integration_error: (t, data) => t('types.integration_error.text', { name: text(data.name) }),
  webhook_disabled: (t, data) => {
    const name = text(data.webhook_name);
    return data.reason === 'gone'
      ? t('types.webhook_disabled.gone', { name })
      : t('types.webhook_disabled.failing', { name });
  },
};

/** A notification's sentence in the reader's language, written from its type and data. */
export function notificationText(t: TFunction<'notifications'>, n: Notification): string {
  return RENDERERS[n.type](t, n.data);
}
