import { Check, Sparkles, TriangleAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { USAGE_CRITICAL_PERCENT, USAGE_WARNING_PERCENT } from '@leadcapture/contracts/constants';
import { usagePercent, type Paywall } from '../../../lib/paywall.ts';

type PaywallModalProps = {
  paywall: Paywall;
  open: boolean;
  onClose: () => void;
};

/**
 * The global paywall / usage-limit upgrade modal of spec 02 §2, opened by any 402 (lib/paywall.ts):
 * a title per kind, the "limit reached" warning with the server's message, usage against the
 * limit with a bar capped at 100 %, three benefit lines (the first names the resource), Cancel,
 * and Upgrade, which closes the modal and opens the billing settings.
 */
export function PaywallModal({ paywall, open, onClose }: PaywallModalProps) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const { lp } = useLocalizedPath();
  const resource = paywall.resource === null ? t('paywall.genericResource') : t(`resource.${paywall.resource}`);
  const percent = usagePercent(paywall.currentUsage, paywall.limit);
  const hasUsage = paywall.currentUsage !== null && paywall.limit !== null;

  const upgrade = () => {
    onClose();
    void navigate(lp('/settings/billing'));
  };

  const title = {
    limit_reached: t('paywall.title.limit_reached', { resource }),
    feature_locked: t('paywall.title.feature_locked'),
    trial_ending: t('paywall.title.trial_ending', { count: paywall.trialDaysRemaining ?? 0 }),
    usage_warning: t('paywall.title.usage_warning', { resource }),
    subscription_required: t('paywall.title.subscription_required'),
  }[paywall.kind];

  const warning = {
    limit_reached: t('paywall.warning.limit_reached'),
    feature_locked: t('paywall.warning.feature_locked', { feature: paywall.feature ?? t('paywall.genericFeature') }),
    trial_ending: t('paywall.warning.trial_ending'),
    usage_warning: t('paywall.warning.usage_warning', { percent }),
    subscription_required: t('paywall.warning.subscription_required'),
  }[paywall.kind];

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      size="md"
      title={
        <span className="flex items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
            <Sparkles aria-hidden="true" className="size-5" />
          </span>
          {title}
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('paywall.cancel')}
          </Button>
          <Button onClick={upgrade}>{t('paywall.upgrade')}</Button>
        </>
      }
    >
      <div className="grid gap-5">
        <div className="flex gap-3 rounded-xl bg-warning-soft p-3.5 text-warning-soft-foreground" role="note">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="grid gap-0.5 text-sm">
            <p className="font-semibold">{warning}</p>
            <p>{paywall.detail ?? paywall.message}</p>
          </div>
        </div>

        {hasUsage && (
          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-foreground">{t('paywall.usageLabel', { resource })}</span>
              <span className="text-muted-foreground tabular-nums">
                {t('paywall.usageValue', { current: paywall.currentUsage ?? 0, limit: paywall.limit ?? 0 })}
              </span>
            </div>
            <Progress
              value={percent}
              label={t('paywall.usageLabel', { resource })}
              tone={
                percent >= USAGE_CRITICAL_PERCENT ? 'danger' : percent >= USAGE_WARNING_PERCENT ? 'warning' : 'primary'
              }
            />
          </div>
        )}

        <div>
          <p className="text-sm font-semibold text-foreground">{t('paywall.benefitsTitle')}</p>
          <ul className="mt-2.5 grid gap-2">
            {[
              t('paywall.benefit.more', { resource }),
              t('paywall.benefit.analytics'),
              t('paywall.benefit.support'),
            ].map((line) => (
              <li key={line} className="flex items-start gap-2.5 text-sm text-muted-foreground">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Modal>
  );
}
