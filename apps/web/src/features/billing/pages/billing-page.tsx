import {
  PLAN_IDS,
  POPULAR_PLAN_IDS,
  planById,
  type BillingCycle,
  type Plan,
  type PlanId,
  type Subscription,
} from '@leadcapture/contracts/billing';
import { BarChart3 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useChangeSubscription, type SubscriptionChange } from '../api/change-subscription.ts';
import { useStartCheckout } from '../api/checkout.ts';
import { usePlans } from '../api/plans.ts';
import { useSubscription } from '../api/subscription.ts';
import { NoBillingAccess, canReadBilling } from '../components/billing-access.tsx';
import { BillingAccount } from '../components/billing-account.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CurrentPlanCard } from '../components/current-plan-card.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { PortalButton } from '../components/portal-button.tsx';
import { TrialBanner } from '../components/trial-banner.tsx';
import { useGoTo } from '../utils/go-to.ts';
import { annualSavingsPercent, planAction } from '../utils/plan-actions.ts';
import { useServerReason } from '../utils/server-reason.ts';
import { HelpLink } from '../../help/api/help-link.tsx';
import { useAddressParams } from '../../../lib/use-address-params.ts';

/**
 * /settings/billing (spec 02 §2, §4; 03-decisions §4): the current plan and its status, the trial
 * banner, the four plans with a monthly/annual switch, and the owner's changes by plan rank; then
 * billing details, payment methods, invoices and payments, and the billing portal (owner).
 * Admins see it read-only; members and viewers are told billing is not theirs (the API says 403).
 * `?checkout=success|cancel` is the return from a checkout: one toast, then the parameter goes.
 * `?upgrade=<plan>` (from /dashboard/settings/billing) scrolls to that plan and marks it.
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const { lp } = useLocalizedPath();
  const me = useCurrentUser();
  const organization = me.current_organization;
  const allowed = canReadBilling(organization?.role);
  useCheckoutToast();
  return (
    <div className="grid gap-8">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <>
            <HelpLink category="billing" article="change-your-plan" />
            {allowed ? (
              <>
                <Button asChild variant="outline">
                  <Link to={lp('/settings/billing/usage')}>
                    <BarChart3 aria-hidden="true" />
                    {t('page.viewUsage')}
                  </Link>
                </Button>
                {organization?.role === 'owner' && <PortalButton label={t('portal.open')} />}
              </>
            ) : undefined}
          </>
        }
      />
      {allowed ? (
        <Billing canManage={organization?.role === 'owner'} organization={organization?.name ?? ''} />
      ) : (
        <NoBillingAccess organization={organization?.name ?? ''} />
      )}
    </div>
  );
}

/** The return from a checkout: its toast once, and the parameter removed from the address. */
function useCheckoutToast() {
  const { t } = useTranslation('billing');
  const [params, setParams] = useAddressParams();
  const checkout = params.get('checkout');
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (checkout !== 'success' && checkout !== 'cancel') return;
    if (shown.current !== checkout) {
      shown.current = checkout;
      if (checkout === 'success') toast.success(t('toast.checkoutSuccess'));
      else toast.info(t('toast.checkoutCancel'));
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [checkout, setParams, t]);
}

function Billing({ canManage, organization }: { canManage: boolean; organization: string }) {
  const { t } = useTranslation('billing');
  const subscription = useSubscription();
  return (
    <QueryState
      query={subscription}
      errorMessage={t('page.loadFailed')}
      loading={
        <div className="grid gap-6">
          <Skeleton className="h-36 w-full rounded-2xl" />
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} className="h-96 w-full rounded-2xl" />
            ))}
          </div>
        </div>
      }
    >
      {(data) => <BillingView subscription={data} canManage={canManage} organization={organization} />}
    </QueryState>
  );
}

type Confirmation = { kind: 'downgrade'; planId: PlanId } | { kind: 'cancel' };

const failureKey = {
  upgrade: 'toast.upgradeFailed',
  downgrade: 'toast.downgradeFailed',
  cancel: 'toast.cancelFailed',
  resume: 'toast.resumeFailed',
} as const;

function BillingView({
  subscription,
  canManage,
  organization,
}: {
  subscription: Subscription;
  canManage: boolean;
  organization: string;
}) {
  const { t, i18n } = useTranslation('billing');
  const { lp } = useLocalizedPath();
  const change = useChangeSubscription(subscription);
  const checkout = useStartCheckout();
  const goTo = useGoTo();
  const reason = useServerReason();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [pending, setPending] = useState<SubscriptionChange | null>(null);
  const [checkoutPlan, setCheckoutPlan] = useState<PlanId | null>(null);
  const periodEnd = formatDate(subscription.current_period_end, i18n.language);

  /**
   * During the trial or on free a plan is bought through checkout: the product's own page (local
   * provider) or Stripe's, which come back to this page with `?checkout=success|cancel`.
   */
  const startCheckout = (planId: PlanId, cycle: BillingCycle) => {
    setCheckoutPlan(planId);
    checkout.mutate(
      {
        planId,
        cycle,
        successUrl: lp('/settings/billing?checkout=success'),
        cancelUrl: lp('/settings/billing?checkout=cancel'),
      },
      {
        onSuccess: goTo,
        onError: (error) => {
          setCheckoutPlan(null);
          if (!isHandledGlobally(error)) toast.error(t('toast.checkoutFailed'), { message: reason(error) });
        },
      },
    );
  };

  const run = (request: SubscriptionChange) => {
    setPending(request);
    change.mutate(request, {
      onSuccess: (updated) => {
        setConfirmation(null);
        const date = formatDate(updated.current_period_end, i18n.language);
        const plan = 'planId' in request ? planById(request.planId).name : updated.plan;
        const message = {
          upgrade: () => t('toast.upgraded', { plan }),
          downgrade: () => t('toast.downgraded', { plan, date }),
          cancel: () => t('toast.cancelled', { date }),
          resume: () => t('toast.resumed'),
        }[request.kind]();
        toast.success(message);
      },
      onError: (error) => {
        setConfirmation(null);
        if (!isHandledGlobally(error)) toast.error(t(failureKey[request.kind]), { message: reason(error) });
      },
      onSettled: () => setPending(null),
    });
  };

  return (
    <>
      {!canManage && (
        <p role="note" className="rounded-lg border border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
          {t('page.readOnly', { organization })}
        </p>
      )}
      <TrialBanner subscription={subscription} />
      <CurrentPlanCard
        subscription={subscription}
        canManage={canManage}
        pending={pending?.kind === 'resume' || pending?.kind === 'cancel' ? pending.kind : null}
        onResume={() => run({ kind: 'resume' })}
        onCancel={() => setConfirmation({ kind: 'cancel' })}
      />
      <PlanList
        subscription={subscription}
        canManage={canManage}
        pendingPlan={
          checkoutPlan ??
          (pending !== null && 'planId' in pending && pending.kind !== 'downgrade' ? pending.planId : null)
        }
        onStart={startCheckout}
        onUpgrade={(planId, cycle) => run({ kind: 'upgrade', planId, cycle })}
        onDowngrade={(planId) => setConfirmation({ kind: 'downgrade', planId })}
      />
      {confirmation?.kind === 'downgrade' && (
        <ConfirmDialog
          title={t('confirm.downgradeTitle', { plan: planById(confirmation.planId).name })}
          body={t('confirm.downgradeBody', { date: periodEnd, current: subscription.plan })}
          confirmLabel={t('confirm.downgradeConfirm')}
          cancelLabel={t('confirm.keep')}
          pending={change.isPending}
          onConfirm={() => run({ kind: 'downgrade', planId: confirmation.planId })}
          onClose={() => setConfirmation(null)}
        />
      )}
      {confirmation?.kind === 'cancel' && (
        <ConfirmDialog
          title={t('confirm.cancelTitle')}
          body={t('confirm.cancelBody', { date: periodEnd, plan: subscription.plan })}
          confirmLabel={t('confirm.cancelConfirm')}
          cancelLabel={t('confirm.keep')}
          destructive
          pending={change.isPending}
          onConfirm={() => run({ kind: 'cancel' })}
          onClose={() => setConfirmation(null)}
        />
      )}
      <BillingAccount canManage={canManage} />
    </>
  );
}

function isPlanId(value: string | null): value is PlanId {
  return PLAN_IDS.some((id) => id === value);
}

function PlanList({
  subscription,
  canManage,
  pendingPlan,
  onStart,
  onUpgrade,
  onDowngrade,
}: {
  subscription: Subscription;
  canManage: boolean;
  pendingPlan: PlanId | null;
  onStart: (plan: PlanId, cycle: BillingCycle) => void;
  onUpgrade: (plan: PlanId, cycle: BillingCycle) => void;
  onDowngrade: (plan: PlanId) => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const plans = usePlans();
  const [cycle, setCycle] = useState<BillingCycle>(subscription.billing_cycle);
  const [params] = useSearchParams();
  const wanted = params.get('upgrade');
  const highlighted = isPlanId(wanted) ? wanted : null;
  const loaded = plans.data !== undefined;

  useEffect(() => {
    if (highlighted === null || !loaded) return;
    document.getElementById(`plan-${highlighted}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [highlighted, loaded]);

  const savings = plans.data
    ?.map((plan) => annualSavingsPercent(plan))
    .find((percent): percent is number => percent !== null && percent > 0);
  const scheduledFrom = formatDate(subscription.current_period_end, i18n.language);
  const trialing = subscription.status === 'trialing';

  const act = (plan: Plan) => {
    const action = planAction(plan.id, subscription);
    if (action === 'start') onStart(plan.id, cycle);
    else if (action === 'upgrade') onUpgrade(plan.id, cycle);
    else if (action === 'downgrade') onDowngrade(plan.id);
  };

  return (
    <section className="grid gap-5" aria-labelledby="plans-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="plans-title" className="text-lg font-semibold text-foreground">
            {t('plans.title')}
          </h2>
          <p className="max-w-xl text-sm text-muted-foreground">{t('plans.description')}</p>
        </div>
        <fieldset className="flex items-center gap-1 rounded-full border border-border bg-muted p-1">
          <legend className="sr-only">{t('plans.cycleLabel')}</legend>
          {(['monthly', 'annual'] as const).map((option) => (
            <label
              key={option}
              className={cn(
                'relative inline-flex cursor-pointer items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                cycle === option ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <input
                type="radio"
                name="billing-cycle"
                value={option}
                checked={cycle === option}
                onChange={() => setCycle(option)}
                className="sr-only"
              />
              {t(`plans.${option}`)}
              {option === 'annual' && savings !== undefined && (
                <Badge variant="success">
                  {t('plans.save', { percent: formatNumber(savings / 100, i18n.language, { style: 'percent' }) })}
                </Badge>
              )}
            </label>
          ))}
        </fieldset>
      </div>
      <QueryState
        query={plans}
        errorMessage={t('page.plansLoadFailed')}
        loading={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} className="h-96 w-full rounded-2xl" />
            ))}
          </div>
        }
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {list.map((plan) => {
              const action = planAction(plan.id, subscription);
              return (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  cycle={cycle}
                  action={action}
                  tags={{
                    popular: POPULAR_PLAN_IDS.includes(plan.id),
                    trial: trialing && plan.id === subscription.plan_id,
                    current: !trialing && plan.id === subscription.plan_id,
                    scheduledFrom: plan.id === subscription.scheduled_plan_id ? scheduledFrom : null,
                  }}
                  canManage={canManage}
                  highlighted={plan.id === highlighted}
                  pending={pendingPlan === plan.id}
                  onAction={() => act(plan)}
                />
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
