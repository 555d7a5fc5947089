import type { Role } from '@leadcapture/contracts/constants';
import { CreditCard, Gauge, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { stripLanguagePrefix } from '../../../i18n/language.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useSubscription } from '../api/subscription.ts';
import { useUsage } from '../api/usage.ts';
import { bannerKey, bannerState, type BannerState } from '../utils/banner-state.ts';
import { formatUsageValue } from '../utils/billing-format.ts';

/** sessionStorage key of the dismissed banners, per organisation. */
export const DISMISSED_KEY = 'billing-banner-dismissed';

function readDismissed(organizationId: string): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(`${DISMISSED_KEY}:${organizationId}`) ?? '[]');
    return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(organizationId: string, keys: string[]): void {
  try {
    sessionStorage.setItem(`${DISMISSED_KEY}:${organizationId}`, JSON.stringify(keys));
  } catch {
    // Storage refused (private mode): the dismissal lasts until the page is left.
  }
}

/** The billing pages say all of this themselves; checkout and the portal are where it is acted on. */
function onBillingPage(pathname: string): boolean {
  return /^\/(settings\/billing(\/usage)?|billing\/(checkout\/[^/]+|portal))\/?$/.test(stripLanguagePrefix(pathname));
}

const tone: Record<BannerState['kind'], string> = {
  payment_required: 'border-destructive/20 bg-destructive-soft text-destructive-soft-foreground',
  limit_reached: 'border-destructive/20 bg-destructive-soft text-destructive-soft-foreground',
  trial_expired: 'border-warning-soft-foreground/20 bg-warning-soft text-warning-soft-foreground',
  trial_expiring: 'border-warning-soft-foreground/20 bg-warning-soft text-warning-soft-foreground',
  approaching_90: 'border-warning-soft-foreground/20 bg-warning-soft text-warning-soft-foreground',
  approaching_80: 'border-info-soft-foreground/15 bg-info-soft text-info-soft-foreground',
};

/**
 * The signed-in shell's billing banner (spec 02 §8 "Billing banners"): one at a time, most
 * urgent first (utils/banner-state.ts), for owners and admins only (the app shell does not
 * render it for others, so members and viewers never call billing). It reads the billing pages'
 * own queries, so it shares their cache and polls nothing. Dismissed for the browser session.
 */
export function BillingBanner({
  role,
  organizationId,
  now = new Date(),
}: {
  role: Role;
  organizationId: string;
  now?: Date;
}) {
  const { t, i18n } = useTranslation('billing');
  const { lp } = useLocalizedPath();
  const { pathname } = useLocation();
  const subscription = useSubscription();
  const usage = useUsage();
  const [dismissed, setDismissed] = useState(() => readDismissed(organizationId));

  const state = bannerState(subscription.data, usage.data, now);
  if (state === null || onBillingPage(pathname)) return null;
  const key = bannerKey(state);
  if (dismissed.includes(key)) return null;

  const language = i18n.language;
  const plan = subscription.data?.plan ?? '';
  const text = ((): { title: string; body: string } => {
    switch (state.kind) {
      case 'payment_required':
        return { title: t('banner.paymentRequired.title'), body: t('banner.paymentRequired.body', { plan }) };
      case 'trial_expired':
        return { title: t('banner.trialExpired.title'), body: t('banner.trialExpired.body') };
      case 'trial_expiring': {
        const end = subscription.data?.trial_end;
        const date = end === null || end === undefined ? '' : formatDate(end, language);
        return {
          title: t('banner.trialExpiring.title', { count: state.days }),
          body: t('banner.trialExpiring.body', { date, plan }),
        };
      }
      default: {
        const { row } = state;
        const values = {
          resource: t(`resource.${row.resource}`),
          current: formatUsageValue(row.resource, row.current_usage, language),
          limit: formatUsageValue(row.resource, row.limit, language),
          percent: formatNumber(row.percentage / 100, language, { style: 'percent' }),
        };
        const group =
          state.kind === 'limit_reached'
            ? 'limitReached'
            : state.kind === 'approaching_90'
              ? 'approaching90'
              : 'approaching80';
        return { title: t(`banner.${group}.title`, values), body: t(`banner.${group}.body`, values) };
      }
    }
  })();

  const dismiss = () => {
    const next = [...dismissed, key];
    writeDismissed(organizationId, next);
    setDismissed(next);
  };

  const owner = role === 'owner';
  const Icon = 'row' in state ? Gauge : CreditCard;

  return (
    <section
      aria-label={t('banner.label')}
      data-kind={state.kind}
      className={cn(
        'mb-6 flex flex-wrap items-start gap-x-3 gap-y-3 rounded-2xl border p-4 sm:flex-nowrap',
        tone[state.kind],
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
        <h2 className="font-semibold">{text.title}</h2>
        <p className="text-sm">{text.body}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1 max-sm:ml-8">
        <Button asChild size="sm" variant={owner ? 'primary' : 'outline'}>
          <Link to={lp(owner ? '/settings/billing' : '/settings/billing/usage')}>
            {owner ? t('banner.upgrade') : t('banner.viewUsage')}
          </Link>
        </Button>
        <Button size="icon-sm" variant="ghost" aria-label={t('banner.dismiss')} onClick={dismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
