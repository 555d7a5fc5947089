import { LockKeyhole, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { openPaywall } from '../../../lib/paywall.ts';

/**
 * The monthly lead limit gate of spec 01 §2 ("Upgrade to view more"): below the leads a plan
 * shows, the rest of the month's leads stand as blurred rows behind an upgrade call that opens
 * the global paywall (the same modal a 402 opens, lib/paywall.ts). Renders nothing while
 * `hiddenCount` is 0; billing decides the number.
 */
export function LeadLimitGate({ hiddenCount, limit = null }: { hiddenCount: number; limit?: number | null }) {
  const { t, i18n } = useTranslation('leads');
  if (hiddenCount <= 0) return null;
  const count = formatNumber(hiddenCount, i18n.language);

  const upgrade = () =>
    openPaywall({
      kind: 'limit_reached',
      code: 'USAGE_LIMIT_REACHED',
      message: t('gate.paywallMessage', { count: hiddenCount, formatted: count }),
      resource: 'leads',
      currentUsage: limit === null ? null : limit + hiddenCount,
      limit,
      feature: null,
      subscriptionStatus: null,
      trialDaysRemaining: null,
      detail: null,
    });

  return (
    <section
      aria-labelledby="lead-limit-gate-title"
      className="relative overflow-hidden rounded-xl border border-border"
    >
      {/* Stand-ins for the hidden rows: shapes only, never the leads themselves. */}
      <div aria-hidden="true" className="grid gap-px bg-border blur-[3px] select-none">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-4 bg-card px-4 py-3.5">
            <span className="h-3.5 w-40 rounded bg-muted-foreground/25" />
            <span className="h-3.5 w-28 rounded bg-muted-foreground/15 max-sm:hidden" />
            <span className="h-5 w-20 rounded-full bg-primary/20" />
            <span className="ml-auto h-3.5 w-12 rounded bg-muted-foreground/20" />
          </div>
        ))}
      </div>
      <div className="absolute inset-0 flex items-center justify-center bg-background/60 p-4 backdrop-blur-[1px]">
        <div className="grid max-w-md justify-items-center gap-2 rounded-2xl border border-border bg-card p-5 text-center shadow-lg">
          <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
            <LockKeyhole aria-hidden="true" className="size-5" />
          </span>
          <h2 id="lead-limit-gate-title" className="text-base font-semibold text-foreground">
            {t('gate.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('gate.body', { count: hiddenCount, formatted: count })}</p>
          <Button className="mt-1" onClick={upgrade}>
            <Sparkles aria-hidden="true" />
            {t('gate.action')}
          </Button>
        </div>
      </div>
    </section>
  );
}
