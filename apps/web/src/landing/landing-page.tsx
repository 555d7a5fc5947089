import {
  BarChart3,
  Cpu,
  Factory,
  PartyPopper,
  Plug,
  Radio,
  Shuffle,
  Stethoscope,
  Target,
  ClipboardList,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { LogoMark } from '../components/logo-mark.tsx';
import { localizePath, type Language } from '../i18n/language.ts';
import { Island } from './islands.tsx';
import type { Translate } from './strings.ts';

/**
 * The landing page at / and /sv (spec 01 §2): hero, the problems of a booth team, the demo, how it
 * works in four steps, features, industries, pricing, FAQ, a call to action and the footer. A
 * light build of its own (decision 036): plain links between pages, no router. The build renders
 * it into the HTML (prerender.tsx); in the browser only its islands (islands.tsx) run.
 */
export function LandingPage({ language, t }: { language: Language; t: Translate }) {
  const lp = (path: string) => localizePath(path, language);
  const otherLanguagePath = language === 'sv' ? '/' : '/sv';
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-30"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-20 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
          <a href={lp('/')} className="flex items-center gap-2 font-semibold text-foreground">
            <LogoMark className="size-8" />
            <span>LeadCapture</span>
          </a>
          <nav
            aria-label={t('nav.label')}
            className="ml-6 hidden items-center gap-6 text-sm font-medium text-muted-foreground md:flex"
          >
            <a href="#features" className="hover:text-foreground">
              {t('nav.features')}
            </a>
            <a href="#demo" className="hover:text-foreground">
              {t('nav.demo')}
            </a>
            <a href="#pricing" className="hover:text-foreground">
              {t('nav.pricing')}
            </a>
            <a href="#faq" className="hover:text-foreground">
              {t('nav.faq')}
            </a>
            <a href={lp('/help')} className="hover:text-foreground">
              {t('nav.help')}
            </a>
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <a
              href={otherLanguagePath}
              hrefLang={language === 'sv' ? 'en' : 'sv'}
              lang={language === 'sv' ? 'en' : 'sv'}
              aria-label={t('nav.otherLanguageLabel')}
              className="hidden h-10 items-center rounded-lg px-2 text-sm font-medium text-muted-foreground hover:text-foreground sm:flex"
            >
              {t('nav.otherLanguage')}
            </a>
            <Island name="theme" language={language} t={t} />
            <a
              href={lp('/auth/login')}
              className="hidden h-10 items-center rounded-lg px-3 text-sm font-semibold text-foreground hover:bg-accent sm:flex"
            >
              {t('nav.signIn')}
            </a>
            <PrimaryLink href={lp('/auth/register')}>{t('nav.startTrial')}</PrimaryLink>
          </div>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(60%_50%_at_50%_40%,var(--color-indigo-100),transparent)] dark:bg-[radial-gradient(60%_50%_at_50%_40%,--alpha(var(--color-indigo-500)/18%),transparent)]"
          />
          <div className="mx-auto max-w-4xl px-4 pt-14 pb-16 text-center sm:px-6 sm:pt-20 lg:pt-24">
            <p className="inline-flex items-center rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary-soft-foreground">
              {t('hero.eyebrow')}
            </p>
            <h1
              id="hero-title"
              className="mt-5 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
            >
              <span className="block">{t('hero.title')}</span>{' '}
              <span className="block text-primary-soft-foreground">{t('hero.titleAccent')}</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg/8 text-pretty text-muted-foreground">{t('hero.pitch')}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <PrimaryLink href={lp('/auth/register')} large>
                {t('hero.startTrial')}
              </PrimaryLink>
              <SecondaryLink href={`${lp('/contact')}?topic=demo`}>{t('hero.bookDemo')}</SecondaryLink>
            </div>
            <p className="mt-3 text-sm text-muted-foreground">{t('hero.trialNote')}</p>
          </div>
        </section>

        <Section id="problems" title={t('problems.title')} intro={t('problems.intro')} muted>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {(['cards', 'slow', 'priority', 'roi'] as const).map((key) => (
              <li key={key} className="rounded-xl bg-card p-6 ring-1 ring-border">
                <h3 className="font-semibold">{t(`problems.items.${key}.title`)}</h3>
                <p className="mt-2 text-sm/6 text-muted-foreground">{t(`problems.items.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="demo" title={t('demo.title')} intro={t('demo.intro')}>
          <div className="mt-10">
            <Island name="walkthrough" language={language} t={t} />
          </div>
        </Section>

        <Section id="how-it-works" title={t('steps.title')} muted>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {(['create', 'share', 'capture', 'follow'] as const).map((key, index) => (
              <li key={key} className="rounded-xl bg-card p-6 ring-1 ring-border">
                <span
                  aria-hidden="true"
                  className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">{t(`steps.items.${key}.title`)}</h3>
                <p className="mt-2 text-sm/6 text-muted-foreground">{t(`steps.items.${key}.body`)}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="features" title={t('features.title')}>
          <ul className="mt-10 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(([key, Icon]) => (
              <li key={key} className="flex gap-4">
                <IconTile Icon={Icon} />
                <div>
                  <h3 className="font-semibold">{t(`features.items.${key}.title`)}</h3>
                  <p className="mt-1 text-sm/6 text-muted-foreground">{t(`features.items.${key}.body`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="industries" title={t('industries.title')} muted>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {INDUSTRIES.map(([key, Icon]) => (
              <li key={key} className="rounded-xl bg-card p-6 ring-1 ring-border">
                <IconTile Icon={Icon} />
                <h3 className="mt-4 font-semibold">{t(`industries.items.${key}.title`)}</h3>
                <p className="mt-2 text-sm/6 text-muted-foreground">{t(`industries.items.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="pricing" title={t('pricing.title')} intro={t('pricing.intro')}>
          <Island name="pricing" language={language} t={t} />
        </Section>

        <Section id="faq" title={t('faq.title')} muted>
          <div className="mx-auto mt-10 max-w-3xl divide-y divide-border rounded-xl bg-card ring-1 ring-border">
            {(['app', 'wifi', 'limit', 'crm', 'gdpr', 'cancel'] as const).map((key) => (
              <details key={key} className="group px-5 py-4">
                <summary className="cursor-pointer list-none font-semibold marker:hidden focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring">
                  <span className="flex items-center justify-between gap-4">
                    {t(`faq.items.${key}.q`)}
                    <span
                      aria-hidden="true"
                      className="text-xl leading-none text-muted-foreground group-open:rotate-45 motion-safe:transition-transform"
                    >
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 text-sm/6 text-muted-foreground">{t(`faq.items.${key}.a`)}</p>
              </details>
            ))}
          </div>
        </Section>

        <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-20">
          <div className="mx-auto max-w-4xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
            <h2 id="cta-title" className="text-3xl font-semibold tracking-tight text-balance">
              {t('cta.title')}
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg/8 opacity-90">{t('cta.body')}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <a
                href={lp('/auth/register')}
                className="inline-flex h-12 items-center rounded-lg bg-white px-6 text-base font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {t('cta.startTrial')}
              </a>
              <a
                href={`${lp('/contact')}?topic=demo`}
                className="inline-flex h-12 items-center rounded-lg px-6 text-base font-semibold ring-1 ring-white/60 ring-inset hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {t('cta.bookDemo')}
              </a>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-border">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3 sm:px-6 lg:px-8">
          <div>
            <p className="flex items-center gap-2 font-semibold">
              <LogoMark className="size-6" />
              LeadCapture
            </p>
            <p className="mt-2 text-muted-foreground">{t('footer.tagline')}</p>
          </div>
          <FooterLinks
            title={t('footer.product')}
            links={[
              [t('nav.features'), '#features'],
              [t('nav.pricing'), '#pricing'],
              [t('footer.help'), lp('/help')],
            ]}
          />
          <FooterLinks
            title={t('footer.company')}
            links={[
              [t('footer.contact'), lp('/contact')],
              [t('footer.terms'), lp('/terms')],
              [t('footer.privacy'), lp('/privacy')],
            ]}
          />
        </div>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <a
            href={otherLanguagePath}
            hrefLang={language === 'sv' ? 'en' : 'sv'}
            lang={language === 'sv' ? 'en' : 'sv'}
            className="underline-offset-2 hover:text-foreground hover:underline"
          >
            {t('nav.otherLanguage')}
          </a>
        </div>
      </footer>
    </div>
  );
}

const FEATURES: readonly (readonly [string, LucideIcon])[] = [
  ['forms', ClipboardList],
  ['scoring', Target],
  ['assignment', Shuffle],
  ['live', Radio],
  ['integrations', Plug],
  ['analytics', BarChart3],
];

const INDUSTRIES: readonly (readonly [string, LucideIcon])[] = [
  ['tech', Cpu],
  ['manufacturing', Factory],
  ['health', Stethoscope],
  ['agencies', PartyPopper],
];

function Section({
  id,
  title,
  intro,
  muted = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-16 px-4 py-16 sm:px-6 sm:py-20 lg:px-8 ${muted ? 'bg-muted/50' : ''}`}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-center text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        {intro !== undefined && (
          <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-pretty text-muted-foreground">{intro}</p>
        )}
        {children}
      </div>
    </section>
  );
}

function IconTile({ Icon }: { Icon: LucideIcon }) {
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

function PrimaryLink({ href, large = false, children }: { href: string; large?: boolean; children: ReactNode }) {
  return (
    <a
      href={href}
      className={`inline-flex items-center justify-center rounded-lg bg-primary font-semibold whitespace-nowrap text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
        large ? 'h-12 px-6 text-base' : 'h-10 px-4 text-sm'
      }`}
    >
      {children}
    </a>
  );
}

function SecondaryLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="inline-flex h-12 items-center justify-center rounded-lg bg-card px-6 text-base font-semibold text-foreground shadow-xs ring-1 ring-border ring-inset hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {children}
    </a>
  );
}

function FooterLinks({ title, links }: { title: string; links: [string, string][] }) {
  return (
    <div>
      <h2 className="font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-muted-foreground">
        {links.map(([label, href]) => (
          <li key={href}>
            <a href={href} className="hover:text-foreground hover:underline">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
