import { POPULAR_PLAN_IDS, type BillingCycle } from '@leadcapture/contracts/plans';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { localizePath, type Language } from '../i18n/language.ts';
import { landingPlans, limitLine, planPrice, PRICED_LIMITS } from './pricing.ts';
import type { Translate } from './strings.ts';

/** The plans of the contract with a monthly/yearly switch (yearly saves 20 %, spec 02 §9). */
export function PricingSection({ language, t }: { language: Language; t: Translate }) {
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  return (
    <>
      <div
        role="radiogroup"
        aria-label={t('pricing.cycleLabel')}
        className="mx-auto mt-8 flex w-fit rounded-full bg-muted p-1"
      >
        {(['monthly', 'annual'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={cycle === option}
            onClick={() => setCycle(option)}
            className={`flex h-10 cursor-pointer items-center gap-2 rounded-full px-5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
              cycle === option ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'
            }`}
          >
            {t(`pricing.${option}`)}
            {option === 'annual' && (
              <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success-soft-foreground">
                {t('pricing.save')}
              </span>
            )}
          </button>
        ))}
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {landingPlans().map((plan) => {
          const popular = POPULAR_PLAN_IDS.includes(plan.id);
          const price = planPrice(plan, cycle, language, t);
          const custom = plan.price_monthly === null;
          const nameId = `plan-${plan.id}`;
          return (
            <li
              key={plan.id}
              aria-labelledby={nameId}
              className={`relative flex flex-col rounded-2xl bg-card p-6 ring-1 ${popular ? 'ring-2 ring-primary' : 'ring-border'}`}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 id={nameId} className="text-lg font-semibold text-foreground">
                  {plan.name}
                </h3>
                {popular && (
                  <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-soft-foreground">
                    {t('pricing.popular')}
                  </span>
                )}
              </div>
              <p className="mt-4 flex items-baseline gap-1.5">
                <span
                  className="text-4xl font-semibold tracking-tight text-foreground"
                  data-testid={`price-${plan.id}`}
                >
                  {price.amount}
                </span>
                {!custom && plan.price_monthly !== 0 && (
                  <span className="text-sm text-muted-foreground">{t('pricing.perMonth')}</span>
                )}
              </p>
              <p className="mt-1 min-h-5 text-sm text-muted-foreground">{price.note}</p>
              <a
                href={
                  custom
                    ? `${localizePath('/contact', language)}?topic=sales`
                    : localizePath('/auth/register', language)
                }
                className={`mt-6 inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
                  popular
                    ? 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover'
                    : 'bg-card text-foreground ring-1 ring-border ring-inset hover:bg-accent'
                }`}
              >
                {custom
                  ? t('pricing.contact')
                  : plan.price_monthly === 0
                    ? t('pricing.chooseFree')
                    : t('pricing.choose')}
              </a>
              <ul className="mt-6 space-y-2.5 text-sm text-foreground/90">
                {PRICED_LIMITS.map((limit) => (
                  <li key={limit} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-soft-foreground" />
                    {limitLine(limit, plan.limits[limit], language, t)}
                  </li>
                ))}
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-soft-foreground" />
                    {t(`pricing.features.${feature}`)}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </>
  );
}
