import { daysRemaining, type Subscription } from '@leadcapture/contracts/billing';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { TRIAL_EXPIRING_DAYS } from '../utils/banner-state.ts';

/** The trial's days left, rounded up (spec 02 §4), amber while expiring, red once past. */
export function TrialBanner({ subscription, now = new Date() }: { subscription: Subscription; now?: Date }) {
  const { t, i18n } = useTranslation('billing');
  if (subscription.status !== 'trialing' || subscription.trial_end === null) return null;
  const days = daysRemaining(new Date(subscription.trial_end), now);
  const state = days === 0 ? 'expired' : days <= TRIAL_EXPIRING_DAYS ? 'expiring' : 'running';
  const date = formatDate(subscription.trial_end, i18n.language);
  return (
    <section
      aria-labelledby="trial-banner-title"
      data-state={state}
      className={cn(
        'flex gap-3 rounded-2xl border p-4 sm:p-5',
        state === 'running' && 'border-info-soft-foreground/15 bg-info-soft text-info-soft-foreground',
        state === 'expiring' && 'border-warning-soft-foreground/20 bg-warning-soft text-warning-soft-foreground',
        state === 'expired' && 'border-destructive/20 bg-destructive-soft text-destructive-soft-foreground',
      )}
    >
      <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <h2 id="trial-banner-title" className="font-semibold">
          {state === 'expired' ? t('trial.expired') : t('trial.banner', { count: days })}
        </h2>
        <p className="text-sm">
          {state === 'expired'
            ? t('trial.expiredBody', { plan: subscription.plan })
            : t('trial.body', { plan: subscription.plan, date })}
        </p>
      </div>
    </section>
  );
}
