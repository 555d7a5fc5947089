import type { Subscription, SubscriptionStatus } from '@leadcapture/contracts/billing';
import { planById } from '@leadcapture/contracts/billing';
import { CalendarClock, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { canCancel, isEnding } from '../utils/plan-actions.ts';

const statusVariant: Record<SubscriptionStatus, 'success' | 'info' | 'warning' | 'danger' | 'neutral'> = {
  active: 'success',
  trialing: 'info',
  past_due: 'danger',
  unpaid: 'danger',
  incomplete: 'warning',
  canceled: 'neutral',
  paused: 'neutral',
};

/**
 * The plan in use: status, cycle and the date that matters (renewal, end, trial end), and what is
 * waiting for the period end (a cancellation or a downgrade) with Resume. The owner also gets
 * Cancel subscription; `canManage` false shows it all read-only.
 */
export function CurrentPlanCard({
  subscription,
  canManage,
  pending,
  onResume,
  onCancel,
}: {
  subscription: Subscription;
  canManage: boolean;
  pending: 'resume' | 'cancel' | null;
  onResume: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const periodEnd = formatDate(subscription.current_period_end, language);
  const trialing = subscription.status === 'trialing';
  const onFree = subscription.plan_id === 'free' && !trialing;
  const scheduled = subscription.scheduled_plan_id;

  let dateLine: string | null = null;
  if (trialing)
    dateLine = t('current.trialEndsOn', {
      date: formatDate(subscription.trial_end ?? subscription.current_period_end, language),
    });
  else if (subscription.cancel_at_period_end) dateLine = t('current.endsOn', { date: periodEnd });
  else if (!onFree) dateLine = t('current.renewsOn', { date: periodEnd });

  let notice: string | null = null;
  if (subscription.cancel_at_period_end) {
    notice = t(trialing ? 'current.trialCancelNotice' : 'current.cancelNotice', {
      plan: subscription.plan,
      date: periodEnd,
    });
  } else if (scheduled !== null) {
    notice = t('current.downgradeNotice', {
      plan: planById(scheduled).name,
      date: periodEnd,
      current: subscription.plan,
    });
  }

  const showCancel = canManage && canCancel(subscription);
  return (
    <Card aria-labelledby="current-plan-title">
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <p id="current-plan-title" className="text-sm font-medium text-muted-foreground">
              {t('current.title')}
            </p>
            <p className="text-2xl font-semibold tracking-tight text-foreground">{subscription.plan}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variant={statusVariant[subscription.status]}>{t(`status.${subscription.status}`)}</Badge>
            {subscription.cancel_at_period_end && <Badge variant="warning">{t('status.cancelling')}</Badge>}
          </div>
        </div>
        <div className="flex flex-wrap gap-x-8 gap-y-1 text-sm text-muted-foreground">
          <p>{onFree ? t('current.freeCycle') : t(`current.cycle.${subscription.billing_cycle}`)}</p>
          {dateLine !== null && (
            <p className="flex items-center gap-1.5">
              <CalendarClock aria-hidden="true" className="size-4" />
              {dateLine}
            </p>
          )}
        </div>
        {notice !== null && (
          <div
            role="status"
            className="flex flex-wrap items-start gap-3 rounded-xl bg-warning-soft p-3.5 text-sm text-warning-soft-foreground"
          >
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="min-w-0 flex-1 basis-56">{notice}</p>
            {canManage && isEnding(subscription) && (
              <Button size="sm" variant="outline" loading={pending === 'resume'} onClick={onResume}>
                {t('current.resume')}
              </Button>
            )}
          </div>
        )}
      </CardContent>
      {showCancel && (
        <CardFooter>
          <Button variant="outline" loading={pending === 'cancel'} onClick={onCancel}>
            {t('current.cancel')}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
