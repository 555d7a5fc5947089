import { ONBOARDING_STEPS, type OnboardingStep } from '@leadcapture/contracts/constants';
import type { Onboarding } from '@leadcapture/contracts/onboarding';
import {
  CalendarPlus,
  Check,
  CircleCheckBig,
  LayoutDashboard,
  ListChecks,
  PartyPopper,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useEventList } from '../../events/api/events.ts';
import { useOnboarding, useUpdateOnboarding } from '../api/onboarding.ts';
import { CreateEventStep } from '../components/create-event-step.tsx';
import { SetupFormsStep } from '../components/setup-forms-step.tsx';

const icons: Record<OnboardingStep, LucideIcon> = {
  welcome: PartyPopper,
  create_event: CalendarPlus,
  setup_forms: ListChecks,
  dashboard_tour: LayoutDashboard,
  complete: CircleCheckBig,
};

/** Each step lists what the user will do there; three points keep every screen the same size. */
const POINTS = ['point1', 'point2', 'point3'] as const;

/**
 * The onboarding wizard of spec 01 §2/§4. Progress lives on the server (PATCH on every move), so
 * a user who leaves resumes on the same step. The steps do the work: create an event (blank or
 * from a template), build its capture form in the real builder, tour the real Lobby.
 */
export function OnboardingPage() {
  const { t } = useTranslation('dashboard');
  const onboarding = useOnboarding();
  return (
    <QueryState
      query={onboarding}
      errorMessage={t('onboarding.loadFailed')}
      loading={
        <div className="mx-auto grid w-full max-w-2xl gap-6">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-80 w-full" />
        </div>
      }
    >
      {(data) => <Wizard initial={data} />}
    </QueryState>
  );
}

function Wizard({ initial }: { initial: Onboarding }) {
  const { t } = useTranslation('dashboard');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const update = useUpdateOnboarding();
  // Local state so a move shows at once; the server keeps the record for the next visit.
  const [index, setIndex] = useState(() => Math.max(0, ONBOARDING_STEPS.indexOf(initial.current_step)));
  const step = ONBOARDING_STEPS[index] ?? 'welcome';
  const Icon = icons[step];
  const total = ONBOARDING_STEPS.length;
  const last = index === total - 1;
  // The organisation's newest event: the one just created here, or, on a return visit, the one
  // the form step works on (the wizard keeps no event of its own).
  const events = useEventList({ ordering: '-created_at', pageSize: 1 });
  const newest = events.data?.results[0];

  const save = (changes: Parameters<typeof update.mutateAsync>[0]) =>
    update.mutateAsync(changes).then(
      () => true,
      () => {
        toast.error(t('onboarding.saveFailed'));
        return false;
      },
    );

  /** Moves to step `next`; `done` records the step left as completed (not so when it was skipped). */
  const goTo = (next: number, done = false) => {
    const target = ONBOARDING_STEPS[next];
    if (target === undefined) return;
    setIndex(next);
    void save(done ? { current_step: target, completed_steps: [step] } : { current_step: target });
  };

  // Finishing and skipping wait for the server: the dashboard guard reads the refreshed user.
  const leave = async (changes: Parameters<typeof update.mutateAsync>[0]) => {
    if (await save(changes)) await navigate(lp('/dashboard'));
  };
  const finish = () => void leave({ current_step: 'complete', completed_steps: ['complete'] });
  const skip = () => void leave({ skipped: true });

  return (
    <div className={`mx-auto grid w-full gap-6 ${step === 'setup_forms' ? 'max-w-5xl' : 'max-w-2xl'}`}>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-3 text-sm">
          <p className="font-medium text-muted-foreground" aria-live="polite">
            {t('onboarding.progress', { current: index + 1, total })}
          </p>
          {!last && (
            <Button variant="link" onClick={skip} disabled={update.isPending}>
              {t('onboarding.skip')}
            </Button>
          )}
        </div>
        <Progress value={((index + 1) / total) * 100} label={t('onboarding.progressLabel')} />
      </div>

      <Card>
        <CardContent
          className={
            step === 'setup_forms'
              ? 'grid justify-items-center gap-4 px-4 py-8 text-center sm:px-6'
              : 'grid justify-items-center gap-4 px-6 py-10 text-center sm:px-12'
          }
        >
          <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-balance text-foreground">
            {t(`onboarding.steps.${step}.title`, { name: me.first_name })}
          </h1>
          <p className="max-w-md text-base/7 text-pretty text-muted-foreground">{t(`onboarding.steps.${step}.body`)}</p>
          <ul className="grid max-w-md gap-2 text-left text-sm text-foreground">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>{t(`onboarding.steps.${step}.${point}`)}</span>
              </li>
            ))}
          </ul>
          {step === 'create_event' && (
            <>
              {newest !== undefined && (
                <p className="max-w-md rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
                  {t('onboarding.event.existing', { name: newest.name })}
                </p>
              )}
              <CreateEventStep onCreated={() => goTo(index + 1, true)} />
            </>
          )}
          {step === 'setup_forms' &&
            (newest === undefined ? (
              events.isPending ? (
                <Skeleton className="h-40 w-full" />
              ) : (
                <p className="max-w-md rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
                  {t('onboarding.forms.noEvent')}
                </p>
              )
            ) : (
              <SetupFormsStep key={newest.id} event={newest} onSaved={() => goTo(index + 1, true)} />
            ))}
          {step === 'dashboard_tour' && (
            <Button asChild>
              <Link to={lp('/dashboard?tour=1')}>{t('onboarding.tour.start')}</Link>
            </Button>
          )}
        </CardContent>
        <CardFooter className="justify-between">
          <Button variant="secondary" onClick={() => goTo(index - 1)} disabled={index === 0}>
            {t('onboarding.back')}
          </Button>
          <Button
            variant={step === 'welcome' || last ? 'primary' : 'ghost'}
            onClick={last ? finish : () => goTo(index + 1, step === 'welcome')}
            loading={last && update.isPending}
          >
            {last ? t('onboarding.finish') : step === 'welcome' ? t('onboarding.continue') : t('onboarding.skipStep')}
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
