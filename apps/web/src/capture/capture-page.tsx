import { attributionFromPage, type PublicEvent } from '@leadcapture/contracts/public-capture';
import { CalendarX2, Check, Clock, Mail, RotateCcw, WifiOff } from 'lucide-react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Language } from '../i18n/language.ts';
import { accentVariables } from './accent.ts';
import { countPageView, getPublicEvent, type ApiFailure } from './api.ts';
import { CaptureForm } from './capture-form.tsx';
import { captureReducer, initialCaptureState, type CaptureState } from './capture-machine.ts';
import { EventHeader } from './event-header.tsx';
import { prepareDateFormat } from './format.ts';
import { createTranslator, rendererMessages, type Translate } from './i18n.ts';
import {
  cardClass,
  MessageCard,
  PageFooter,
  PageFrame,
  primaryButtonClass,
  secondaryButtonClass,
} from './page-frame.tsx';

export interface CapturePageProps {
  slug: string;
  language: Language;
  /** location.pathname and location.search: attribution, and the language link keeps the query. */
  pathname: string;
  search: string;
  /** document.referrer */
  referrer: string;
}

/** Loading or could-not-load wording for a failed GET (spec 02 §8: network error, server error). */
export function loadFailureMessage(failure: ApiFailure, t: Translate): string {
  if (failure.kind === 'network') return t('error.network');
  if (failure.kind === 'timeout') return t('error.timeout');
  return t('error.server');
}

function LoadingCard({ t }: { t: Translate }) {
  const bar = 'animate-pulse rounded-md bg-muted';
  return (
    <section aria-busy="true" className={`${cardClass} grid gap-5 px-5 py-6 sm:px-10 sm:py-10`}>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div aria-hidden="true" className="grid gap-5">
        <div className="flex items-center gap-4">
          <div className={`${bar} size-16 rounded-2xl`} />
          <div className={`${bar} h-4 w-40`} />
        </div>
        <div className={`${bar} h-8 w-3/4`} />
        <div className={`${bar} h-4 w-1/2`} />
        <div className="grid gap-2">
          <div className={`${bar} h-4 w-full`} />
          <div className={`${bar} h-4 w-5/6`} />
        </div>
      </div>
    </section>
  );
}

function StatusPanel({
  state,
  t,
  onAnother,
  headingRef,
}: {
  state: Extract<CaptureState, { phase: 'thank_you' | 'pending_approval' }>;
  t: Translate;
  onAnother: () => void;
  headingRef: (element: HTMLHeadingElement | null) => void;
}) {
  const { event } = state;
  const organization = event.organization_name || event.name;
  const pending = state.phase === 'pending_approval';
  const Icon = pending ? Clock : Check;
  return (
    <section
      aria-labelledby="status-title"
      className="grid justify-items-center gap-4 px-5 py-10 text-center sm:px-10 sm:py-12"
    >
      <div className="grid size-16 place-items-center rounded-full bg-(--form-accent) text-(--form-accent-foreground) shadow-md">
        <Icon aria-hidden="true" strokeWidth={2.5} className="size-8" />
      </div>
      <h2
        id="status-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-foreground focus:outline-none"
      >
        {pending ? t('pending.title') : t('thanks.title')}
      </h2>
      <p className="max-w-md text-base/7 text-muted-foreground">
        {pending ? t('pending.message', { organization }) : t('thanks.message', { organization })}
      </p>
      {event.email_verification && state.email !== '' && (
        <p className="flex max-w-md items-start gap-3 rounded-xl bg-muted px-4 py-3 text-left text-sm text-foreground">
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{t('thanks.checkEmail', { email: state.email })}</span>
        </p>
      )}
      <button type="button" onClick={onAnother} className={`${secondaryButtonClass} mt-2`}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('thanks.another')}
      </button>
    </section>
  );
}

/**
 * The public capture page of an event, /capture/{slug} and /sv/capture/{slug} (spec 01 §2, §4):
 * loading, the form, submitting, thank-you with the 1-business-day promise, pending approval,
 * not found (unknown, draft, inactive or cancelled: the API answers 404 for all of them) and a
 * could-not-load state with a retry.
 */
export function CapturePage({ slug, language, pathname, search, referrer }: CapturePageProps) {
  const t = useMemo(() => createTranslator(language), [language]);
  const messages = useMemo(() => rendererMessages(t), [t]);
  // Read once: the QR marker (?src=qr → qr_scan), UTM tags and the referrer, clipped to the API's limits.
  const attribution = useMemo(() => attributionFromPage(new URLSearchParams(search), referrer), [search, referrer]);
  const [state, dispatch] = useReducer(captureReducer, initialCaptureState);
  const [loads, setLoads] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const viewCounted = useRef(false);
  const focusNext = useRef<'status' | 'form' | null>(null);

  useEffect(() => {
    let current = true;
    const loading = getPublicEvent(slug);
    // While the request is out: the date formatter's first use is slow (format.ts).
    prepareDateFormat(language);
    void loading.then((result) => {
      if (!current) return;
      if (!result.ok) {
        dispatch({ type: 'load_failed', failure: result.failure });
        return;
      }
      dispatch({ type: 'loaded', event: result.data });
      // Once per page load, as the views endpoint expects (a retry after an error is the same visit).
      if (!viewCounted.current) {
        viewCounted.current = true;
        countPageView(slug);
      }
    });
    return () => {
      current = false;
    };
  }, [slug, loads, language]);

  const event: PublicEvent | null = 'event' in state ? state.event : null;

  useEffect(() => {
    if (state.phase === 'not_found') document.title = t('meta.notFoundTitle');
    else if (state.phase === 'error') document.title = t('meta.errorTitle');
    else if (event !== null) document.title = t('meta.title', { event: event.name });
  }, [state.phase, event, t]);

  // Where focus goes after a change the visitor caused: the result's heading, or the fresh form.
  useEffect(() => {
    if (focusNext.current === 'form' && state.phase === 'form') {
      focusNext.current = null;
      document.getElementById('lead-first_name')?.focus();
    }
  }, [state.phase, formKey]);
  const focusOnMount = (element: HTMLElement | null) => {
    if (element !== null && focusNext.current === 'status') {
      focusNext.current = null;
      element.focus();
    }
  };

  const footer = <PageFooter t={t} language={language} pathname={pathname} search={search} />;

  if (state.phase === 'loading') {
    return (
      <PageFrame>
        <LoadingCard t={t} />
      </PageFrame>
    );
  }

  if (state.phase === 'not_found') {
    return (
      <PageFrame footer={footer}>
        <MessageCard
          icon={<CalendarX2 aria-hidden="true" className="size-7" />}
          title={t('notFound.title')}
          headingRef={focusOnMount}
        >
          <p className="max-w-md text-base/7 text-muted-foreground">{t('notFound.message')}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t('notFound.hint')}</p>
        </MessageCard>
      </PageFrame>
    );
  }

  if (state.phase === 'error') {
    return (
      <PageFrame footer={footer}>
        <MessageCard icon={<WifiOff aria-hidden="true" className="size-7" />} title={t('loadError.title')}>
          <p role="alert" className="max-w-md text-base/7 text-muted-foreground">
            {loadFailureMessage(state.failure, t)}
          </p>
          <button
            type="button"
            className={`${primaryButtonClass} mt-2`}
            onClick={() => {
              dispatch({ type: 'load' });
              setLoads((n) => n + 1);
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('error.retry')}
          </button>
        </MessageCard>
      </PageFrame>
    );
  }

  const { event: shown } = state;
  return (
    <PageFrame accent={accentVariables(shown.primary_color)} footer={footer}>
      <div className={cardClass}>
        <EventHeader event={shown} t={t} language={language} />
        <div className="mx-5 border-t border-border sm:mx-10" />
        {state.phase === 'thank_you' || state.phase === 'pending_approval' ? (
          <StatusPanel
            state={state}
            t={t}
            headingRef={focusOnMount}
            onAnother={() => {
              // Kiosk mode: a fresh form (and a fresh Idempotency-Key) for the next visitor.
              focusNext.current = 'form';
              setFormKey((k) => k + 1);
              dispatch({ type: 'reset' });
            }}
          />
        ) : (
          <CaptureForm
            key={formKey}
            event={shown}
            slug={slug}
            language={language}
            t={t}
            messages={messages}
            attribution={attribution}
            submitting={state.phase === 'submitting'}
            failure={state.phase === 'form' ? state.failure : null}
            dispatch={(action) => {
              if (action.type === 'submitted') focusNext.current = 'status';
              dispatch(action);
            }}
          />
        )}
      </div>
    </PageFrame>
  );
}
