import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '../i18n/language.ts';
import type { Translate } from './strings.ts';

/**
 * The demo: an animated walkthrough made of the product's own screens (the help centre's
 * screenshots, src/assets/screenshots), one caption per step, cross-faded with CSS. It advances
 * every few seconds unless the visitor asked for less motion, and stops for good once they pause
 * it or pick a step themselves; the caption is announced only when they move it.
 */
const shots = import.meta.glob<string>('../assets/screenshots/*/*.jpg', {
  query: '?url',
  import: 'default',
  eager: true,
});

export const WALKTHROUGH_STEPS = [
  ['event', 'event-form'],
  ['leads', 'leads-list'],
  ['lead', 'lead-detail'],
  ['lobby', 'lobby'],
  ['analytics', 'analytics'],
] as const;

export const STEP_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the visitor asked for less motion; false in the build's render and in the render that
 * hydrates it (the server snapshot), then the browser's answer.
 */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export function Walkthrough({ language, t }: { language: Language; t: Translate }) {
  const [step, setStep] = useState(0);
  // Plays unless the visitor asked for less motion, until they play or pause it themselves.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const reducedMotion = useReducedMotion();
  const playing = chosen ?? !reducedMotion;
  // Announce the caption only after the visitor moved the walkthrough, not on every timed step.
  const [announce, setAnnounce] = useState(false);
  const total = WALKTHROUGH_STEPS.length;

  useEffect(() => {
    if (!playing) return undefined;
    const timer = window.setTimeout(() => setStep((current) => (current + 1) % total), STEP_MS);
    return () => window.clearTimeout(timer);
  }, [playing, step, total]);

  const goTo = (next: number) => {
    setChosen(false);
    setAnnounce(true);
    setStep((next + total) % total);
  };

  const [key] = WALKTHROUGH_STEPS[step] ?? WALKTHROUGH_STEPS[0];
  return (
    <div role="group" aria-roledescription="carousel" aria-label={t('demo.label')} className="mx-auto max-w-5xl">
      <div
        className="relative overflow-hidden rounded-xl border border-border bg-card shadow-lg"
        style={{ aspectRatio: '1366 / 768' }}
      >
        {WALKTHROUGH_STEPS.map(([name, shot], index) => {
          // Only the shown step and the next one load: the page's first paint needs neither.
          const near = index === step || index === (step + 1) % total;
          return (
            <img
              key={name}
              src={near ? shots[`../assets/screenshots/${language}/${shot}.jpg`] : undefined}
              alt={index === step ? t(`demo.steps.${name}.alt`) : ''}
              aria-hidden={index === step ? undefined : true}
              loading="lazy"
              decoding="async"
              width={1366}
              height={768}
              className={`absolute inset-0 h-full w-full object-cover object-top transition-opacity duration-700 motion-reduce:transition-none ${
                index === step ? 'opacity-100' : 'opacity-0'
              }`}
            />
          );
        })}
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <p
          aria-live={announce ? 'polite' : 'off'}
          className="min-h-[3.5rem] flex-1 text-base text-pretty text-foreground"
        >
          <span className="mr-2 font-semibold text-primary-soft-foreground">
            {t('demo.stepOf', { current: step + 1, total })}
          </span>
          {t(`demo.steps.${key}.caption`)}
        </p>
        <div className="flex items-center gap-2">
          <IconButton label={t('demo.previous')} onClick={() => goTo(step - 1)}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </IconButton>
          <IconButton
            label={playing ? t('demo.pause') : t('demo.play')}
            onClick={() => {
              setAnnounce(playing);
              setChosen(!playing);
            }}
          >
            {playing ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
          </IconButton>
          <IconButton label={t('demo.next')} onClick={() => goTo(step + 1)}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </IconButton>
        </div>
      </div>
      <ol className="mt-3 flex gap-2" aria-label={t('demo.label')}>
        {WALKTHROUGH_STEPS.map(([name], index) => (
          <li key={name} className="flex-1">
            <button
              type="button"
              aria-label={t('demo.goTo', { step: index + 1 })}
              aria-current={index === step ? 'step' : undefined}
              onClick={() => goTo(index)}
              className="flex h-6 w-full cursor-pointer items-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className={`block h-1.5 w-full rounded-full ${index === step ? 'bg-primary' : 'bg-border'}`} />
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex size-11 cursor-pointer items-center justify-center rounded-lg bg-card text-foreground ring-1 ring-border ring-inset hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {children}
    </button>
  );
}
