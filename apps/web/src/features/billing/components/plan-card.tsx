import type { BillingCycle, Plan, PlanLimits } from '@leadcapture/contracts/billing';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatPrice, formatStorage } from '../utils/billing-format.ts';
import type { PlanAction } from '../utils/plan-actions.ts';

const LIMIT_ORDER: readonly (keyof PlanLimits)[] = [
  'leads_per_month',
  'team_members',
  'events',
  'offers',
  'integrations',
  'storage_mb',
];

export type PlanCardProps = {
  plan: Plan;
  cycle: BillingCycle;
  action: PlanAction;
  /** Badges beside the name: the trial's plan, the current one, a downgrade's date. */
  tags: { popular: boolean; trial: boolean; current: boolean; scheduledFrom: string | null };
  /** Whether buttons are shown at all (the owner); others see the card without them. */
  canManage: boolean;
  highlighted: boolean;
  pending: boolean;
  onAction: () => void;
};

/** One plan: price for the chosen cycle, its limits and features, and what the owner can do with it. */
export function PlanCard({ plan, cycle, action, tags, canManage, highlighted, pending, onAction }: PlanCardProps) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const price = cycle === 'annual' ? plan.price_annual : plan.price_monthly;
  const titleId = `plan-${plan.id}-title`;
  return (
    <li
      id={`plan-${plan.id}`}
      data-highlighted={highlighted || undefined}
      className={cn(
        'flex scroll-mt-24 flex-col gap-5 rounded-2xl border bg-card p-5 shadow-sm transition-shadow',
        tags.current || tags.trial ? 'border-primary/50' : 'border-border',
        highlighted && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
    >
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-lg font-semibold text-foreground">
            {plan.name}
          </h3>
          {tags.popular && <Badge variant="primary">{t('plans.popular')}</Badge>}
          {tags.trial && <Badge variant="info">{t('plans.yourTrial')}</Badge>}
          {tags.current && <Badge variant="success">{t('plans.currentBadge')}</Badge>}
          {tags.scheduledFrom !== null && (
            <Badge variant="warning">{t('plans.scheduledBadge', { date: tags.scheduledFrom })}</Badge>
          )}
        </div>
        {price === null ? (
          <div>
            <p className="text-2xl font-semibold tracking-tight text-foreground">{t('plans.custom')}</p>
            <p className="text-sm text-muted-foreground">{t('plans.customNote')}</p>
          </div>
        ) : (
          <p className="flex flex-wrap items-baseline gap-x-1.5">
            <span className="text-2xl font-semibold tracking-tight text-foreground tabular-nums">
              {formatPrice(price, language, plan.currency)}
            </span>
            <span className="text-sm text-muted-foreground">
              {cycle === 'annual' ? t('plans.perYear') : t('plans.perMonth')}
            </span>
          </p>
        )}
      </div>

      <ul className="grid gap-1.5 text-sm" aria-label={t('plans.limitsTitle', { plan: plan.name })}>
        {LIMIT_ORDER.map((key) => {
          const value = plan.limits[key];
          let text: string;
          if (value === null) text = t(`plans.limit.${key}_unlimited`);
          else if (key === 'storage_mb') text = t('plans.limit.storage_mb', { value: formatStorage(value, language) });
          else text = t(`plans.limit.${key}`, { count: value, value: formatNumber(value, language) });
          return (
            <li key={key} className="text-foreground">
              {text}
            </li>
          );
        })}
      </ul>

      <ul
        className="grid gap-1.5 border-t border-border pt-4 text-sm"
        aria-label={t('plans.featuresTitle', { plan: plan.name })}
      >
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-muted-foreground">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
            {t(`plans.feature.${feature}`)}
          </li>
        ))}
      </ul>

      {canManage && action !== 'none' && (
        <div className="mt-auto pt-1">
          <PlanButton plan={plan} action={action} pending={pending} onAction={onAction} />
        </div>
      )}
    </li>
  );
}

function PlanButton({
  plan,
  action,
  pending,
  onAction,
}: {
  plan: Plan;
  action: Exclude<PlanAction, 'none'>;
  pending: boolean;
  onAction: () => void;
}) {
  const { t } = useTranslation('billing');
  const { lp } = useLocalizedPath();
  const full = 'w-full';
  switch (action) {
    case 'contact':
      return (
        <Button asChild variant="outline" className={full}>
          <Link to={lp('/contact')}>{t('plans.contactSales')}</Link>
        </Button>
      );
    case 'current':
      return (
        <Button variant="secondary" className={full} disabled>
          {t('plans.current')}
        </Button>
      );
    case 'scheduled':
      return (
        <Button variant="secondary" className={full} disabled>
          {t('plans.scheduled')}
        </Button>
      );
    case 'start':
      return (
        <Button className={full} loading={pending} onClick={onAction}>
          {t('plans.choose', { plan: plan.name })}
        </Button>
      );
    case 'upgrade':
      return (
        <Button
          className={full}
          loading={pending}
          onClick={onAction}
          aria-label={t('plans.upgradeTo', { plan: plan.name })}
        >
          {t('plans.upgrade')}
        </Button>
      );
    case 'downgrade':
      return (
        <Button
          variant="outline"
          className={full}
          loading={pending}
          onClick={onAction}
          aria-label={t('plans.downgradeTo', { plan: plan.name })}
        >
          {t('plans.downgrade')}
        </Button>
      );
  }
}
