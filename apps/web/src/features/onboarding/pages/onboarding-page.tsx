import { CalendarPlus, CircleCheckBig, LayoutDashboard, ListChecks, PartyPopper, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useCurrentUser } from '../../auth/api/me.ts';

const STEPS = ['welcome', 'firstEvent', 'forms', 'tour', 'complete'] as const;
type Step = (typeof STEPS)[number];

const icons: Record<Step, LucideIcon> = {
  welcome: PartyPopper,
  firstEvent: CalendarPlus,
  forms: ListChecks,
  tour: LayoutDashboard,
  complete: CircleCheckBig,
};

/**
 * The onboarding wizard frame of spec 01 §2/§4: welcome, first event, forms, tour, complete, with
 * skip, back, continue and "Step X of Y". The steps explain; the onboarding issue wires the
 * event and form steps to their screens once those exist.
 */
export function OnboardingPage() {
  const { t } = useTranslation('dashboard');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const [index, setIndex] = useState(0);
  const step = STEPS[index] ?? 'welcome';
  const Icon = icons[step];
  const last = index === STEPS.length - 1;
  const finish = () => void navigate(lp('/dashboard'));

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-3 text-sm">
          <p className="font-medium text-muted-foreground" aria-live="polite">
            {t('onboarding.progress', { current: index + 1, total: STEPS.length })}
          </p>
          {!last && (
            <Button variant="link" onClick={finish}>
              {t('onboarding.skip')}
            </Button>
          )}
        </div>
        <Progress value={((index + 1) / STEPS.length) * 100} label={t('onboarding.progressLabel')} />
      </div>

      <Card>
        <CardContent className="grid justify-items-center gap-4 px-6 py-12 text-center sm:px-12">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-balance text-foreground">
            {t(`onboarding.steps.${step}.title`, { name: me.first_name })}
          </h1>
          <p className="max-w-md text-base/7 text-pretty text-muted-foreground">{t(`onboarding.steps.${step}.body`)}</p>
        </CardContent>
        <CardFooter className="justify-between">
          <Button variant="secondary" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
            {t('onboarding.back')}
          </Button>
          <Button onClick={last ? finish : () => setIndex((i) => Math.min(STEPS.length - 1, i + 1))}>
            {last ? t('onboarding.finish') : t('onboarding.continue')}
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
