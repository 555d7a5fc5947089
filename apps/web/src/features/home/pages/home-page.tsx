import { ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { PublicPage } from '../../../components/public-page.tsx';
import { StatusCard } from '../components/status-card.tsx';

/** The landing page at / (no layout, spec 01 §2); the marketing issue grows it into the full landing page. */
export function HomePage() {
  const { t } = useTranslation();
  const { lp } = useLocalizedPath();
  const featuresId = useId();

  return (
    <PublicPage>
      <div className="relative isolate overflow-hidden">
        {/* Soft brand glow behind the hero; purely decorative. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(60%_50%_at_50%_40%,var(--color-indigo-100),transparent)] dark:bg-[radial-gradient(60%_50%_at_50%_40%,--alpha(var(--color-indigo-500)/18%),transparent)]"
        />
        {/*
        One grid, DOM order = phone order (pitch, status, features). On wide screens the status
        card moves to a right column spanning both rows, without reordering for screen readers.
      */}
        <div className="mx-auto grid max-w-6xl gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-16 lg:gap-y-16 lg:px-8 lg:pt-24 lg:pb-24">
          <div>
            <p className="inline-flex items-center rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 ring-1 ring-indigo-600/15 ring-inset dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/25">
              {t('home.eyebrow')}
            </p>
            <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.25rem] lg:leading-[1.1] dark:text-white">
              <span className="block">{t('home.titleLead')}</span>{' '}
              <span className="block text-indigo-600 dark:text-indigo-400">{t('home.titleAccent')}</span>
            </h1>
            <p className="mt-6 max-w-2xl text-lg/8 text-pretty text-slate-600 dark:text-slate-300">{t('home.pitch')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to={lp('/auth/register')}>
                  {t('home.startTrial')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to={lp('/auth/login')}>{t('home.signIn')}</Link>
              </Button>
            </div>
            <p className="mt-3 text-sm text-muted-foreground">{t('home.trialNote')}</p>
          </div>

          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:pt-1">
            <StatusCard />
          </div>

          <section aria-labelledby={featuresId}>
            <h2
              id={featuresId}
              className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white"
            >
              {t('home.featuresTitle')}
            </h2>
            <ul className="mt-6 grid gap-x-8 gap-y-6 sm:grid-cols-3">
              <Feature icon={<CaptureIcon />} title={t('home.features.capture.title')}>
                {t('home.features.capture.body')}
              </Feature>
              <Feature icon={<QualifyIcon />} title={t('home.features.qualify.title')}>
                {t('home.features.qualify.body')}
              </Feature>
              <Feature icon={<TeamIcon />} title={t('home.features.followUp.title')}>
                {t('home.features.followUp.body')}
              </Feature>
            </ul>
          </section>
        </div>
      </div>
    </PublicPage>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 sm:flex-col sm:gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-indigo-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-indigo-400 dark:ring-slate-800">
        {icon}
      </span>
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
        <p className="mt-1 text-sm/6 text-slate-600 dark:text-slate-400">{children}</p>
      </div>
    </li>
  );
}

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'size-5',
} as const;

function CaptureIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="9.5" cy="8" r="3.25" />
      <path d="M3.5 19.5a6 6 0 0 1 12 0" />
      <path d="M19 8v6M16 11h6" />
    </svg>
  );
}

function QualifyIcon() {
  return (
    <svg {...iconProps}>
      <path d="m12 3.75 2.55 5.17 5.7.83-4.12 4.02.97 5.68L12 16.77l-5.1 2.68.97-5.68L3.75 9.75l5.7-.83Z" />
    </svg>
  );
}

function TeamIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 19.5a6 6 0 0 1 12 0" />
      <circle cx="16.75" cy="9.25" r="2.5" />
      <path d="M16.5 14a5 5 0 0 1 4.5 5" />
    </svg>
  );
}
