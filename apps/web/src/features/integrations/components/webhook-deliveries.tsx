import type { WebhookDelivery } from '@leadcapture/contracts/webhooks';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatRelative } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { DELIVERIES_PAGE_SIZE, useDeliveries, useWebhookChanges } from '../api/webhooks.ts';
import { serverReason } from './webhooks-section.tsx';

const STATUS_VARIANT = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

/**
 * One webhook's delivery log, newest first: per delivery the event, its status, attempts, the
 * last status code, duration and answer excerpt, and every earlier attempt; Resend sends the
 * same message again now (same webhook-id, fresh signature).
 */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(webhookId, page);
  const pages = Math.max(1, Math.ceil((deliveries.data?.count ?? 0) / DELIVERIES_PAGE_SIZE));
  return (
    <section aria-label={t('log.title')} className="grid gap-3 border-t border-border pt-3">
      <h4 className="text-sm font-semibold text-foreground">{t('log.title')}</h4>
      <QueryState
        query={deliveries}
        errorMessage={t('log.loadFailed')}
        rows={2}
        compact
        isEmpty={(list) => list.results.length === 0}
        empty={<EmptyState headingLevel={3} title={t('log.emptyTitle')} description={t('log.emptyBody')} />}
      >
        {(list) => (
          <ul className="grid gap-2" aria-label={t('log.title')}>
            {list.results.map((delivery) => (
              <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
            ))}
          </ul>
        )}
      </QueryState>
      {pages > 1 && (
        <Pagination
          label={t('log.pagination')}
          summary={t('log.pageOf', { page, pages })}
          page={page}
          pages={pages}
          onPage={setPage}
        />
      )}
    </section>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation('webhooks');
  const { resend } = useWebhookChanges();
  const [sending, setSending] = useState(false);
  const last = delivery.attempt_log[0];
  const doResend = () => {
    setSending(true);
    resend.mutate(
      { id: webhookId, deliveryId: delivery.id },
      {
        onSuccess: (sent) =>
          sent.status === 'delivered'
            ? toast.success(t('toast.resent'))
            : toast.error(t('toast.resendNotDelivered'), {
                message: sent.attempt_log[0]?.error ?? '',
              }),
        onError: (error) => {
          if (!isHandledGlobally(error)) toast.error(t('toast.resendFailed'), { message: serverReason(error) });
        },
        onSettled: () => setSending(false),
      },
    );
  };
  const eventName = delivery.event_type === 'webhook.test' ? t('events.webhook.test') : delivery.event_type;
  return (
    <li className="grid gap-2 rounded-lg bg-muted/50 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-mono text-xs text-foreground">{eventName}</span>
          <Badge variant={STATUS_VARIANT[delivery.status]}>{t(`log.status.${delivery.status}`)}</Badge>
          <span className="text-xs text-muted-foreground">{formatRelative(delivery.created_at, i18n.language)}</span>
        </div>
        <Button size="sm" variant="outline" loading={sending} onClick={doResend}>
          <RotateCw aria-hidden="true" />
          {t('log.resend')}
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t('log.attempts')}</dt>
          <dd className="text-foreground">{delivery.attempts}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('log.code')}</dt>
          <dd className="text-foreground">{delivery.last_status_code ?? '-'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('log.duration')}</dt>
          <dd className="text-foreground">{last ? t('log.ms', { ms: last.duration_ms }) : '-'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('log.next')}</dt>
          <dd className="text-foreground">
            {delivery.next_attempt_at ? formatRelative(delivery.next_attempt_at, i18n.language) : '-'}
          </dd>
        </div>
      </dl>
      {delivery.last_error !== '' && (
        <p className="text-xs break-words text-destructive-soft-foreground">{delivery.last_error}</p>
      )}
      <p className="font-mono text-[11px] break-all text-muted-foreground">
        {t('log.messageId')}: {delivery.webhook_id}
      </p>
      {delivery.attempt_log.length > 0 && (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">
            {t('log.attemptLog', { count: delivery.attempt_log.length })}
          </summary>
          <ol className="mt-2 grid gap-2">
            {delivery.attempt_log.map((attempt) => (
              <li key={attempt.id} className="grid gap-1 rounded border border-border p-2 text-xs">
                <span className="text-foreground">
                  {t(`log.trigger.${attempt.trigger}`)} · {formatRelative(attempt.attempted_at, i18n.language)} ·{' '}
                  {attempt.status_code ?? '-'} · {t('log.ms', { ms: attempt.duration_ms })}
                </span>
                {attempt.error !== '' && <span className="text-destructive-soft-foreground">{attempt.error}</span>}
                {attempt.response_excerpt !== '' && (
                  <pre className="max-h-32 overflow-auto font-mono text-[11px] whitespace-pre-wrap text-muted-foreground">
                    {attempt.response_excerpt}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}
