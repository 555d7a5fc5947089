import { attributionFromPage, type CaptureRequest, type CaptureResult } from '@leadcapture/contracts/public-capture';
import { Check, Clock, CloudOff, Mail, RotateCcw, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import type { Language } from '../i18n/language.ts';
import { uploadAttachment, type ApiFailure, type ApiResult } from './api.ts';
import { CaptureForm, type CaptureFormPage } from './capture-form.tsx';
import { captureReducer, initialCaptureState, type CaptureState } from './capture-machine.ts';
import { createTranslator, rendererMessages, type MessageKey, type Translate } from './i18n.ts';
import { KeptFix } from './kept-fix.tsx';
import { keepForLater } from './offline.ts';
import {
  cardClass,
  MessageCard,
  PageFooter,
  PageFrame,
  primaryButtonClass,
  secondaryButtonClass,
} from './page-frame.tsx';

/** Where the page is and what the visitor's browser tells about how they came. */
export interface PublicPageProps {
  slug: string;
  language: Language;
  /** location.pathname and location.search: attribution, and the language link keeps the query. */
  pathname: string;
  search: string;
  /** document.referrer */
  referrer: string;
}

/**
 * What differs between an event's capture page and an offer page: where the page is read and
 * sent, how it is drawn above the form, and its words for not found and could not load.
 */
export interface PageKind<P> {
  /** Reads the page; `language` lets it warm what the page will format. */
  load: (slug: string, language: Language) => Promise<ApiResult<P>>;
  /** One view for the page's analytics (fire and forget). */
  countView: (slug: string) => void;
  send: (slug: string, body: CaptureRequest, idempotencyKey: string) => Promise<ApiResult<CaptureResult>>;
  /** The page's address under the API, where a file field's uploads go (`{path}files/`). */
  path: (slug: string) => string;
  /** Where a submission kept offline is sent later (under the API), and the queue's name for it. */
  offline: { action: 'capture' | 'offer'; submitPath: (slug: string) => string };
  /** The page as the form and the result panel need it. */
  formPage: (page: P) => CaptureFormPage;
  /** The visitor will be mailed a confirmation link (double opt-in): say so on success. */
  emailVerification: (page: P) => boolean;
  /** The page's own thank-you text, '' for the standard one. */
  successMessage: (page: P) => string;
  /** The page's accent colour variables (undefined: the neutral accent). */
  accent: (page: P) => Record<string, string> | undefined;
  /** Drawn above the form and the result: the page's h1 and its branding. */
  header: (page: P, t: Translate, language: Language) => ReactNode;
  notFound: { icon: ReactNode; title: MessageKey; message: MessageKey; metaTitle: MessageKey };
  loadErrorTitle: MessageKey;
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
  pending,
  organization,
  successMessage,
  confirmEmail,
  t,
  onAnother,
  headingRef,
}: {
  pending: boolean;
  organization: string;
  successMessage: string;
  /** The address a confirmation link went to, or '' when none did. */
  confirmEmail: string;
  t: Translate;
  onAnother: () => void;
  headingRef: (element: HTMLHeadingElement | null) => void;
}) {
  const Icon = pending ? Clock : Check;
  let message = pending ? t('pending.message', { organization }) : t('thanks.message', { organization });
  if (!pending && successMessage.trim() !== '') message = successMessage;
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
      <p className="max-w-md text-base/7 whitespace-pre-line text-muted-foreground">{message}</p>
      {confirmEmail !== '' && (
        <p className="flex max-w-md items-start gap-3 rounded-xl bg-muted px-4 py-3 text-left text-sm text-foreground">
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{t('thanks.checkEmail', { email: confirmEmail })}</span>
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
 * A public page with a lead form, an event's (/capture/{slug}) or an offer's (/show/{slug}),
 * spec 01 §2, §4: loading, the form, submitting, thank-you with the 1-business-day promise,
 * pending approval, not found (the API answers 404 for everything that is not public) and a
 * could-not-load state with a retry.
 */
export function PublicPage<P>({
  kind,
  slug,
  language,
  pathname,
  search,
  referrer,
}: PublicPageProps & { kind: PageKind<P> }) {
  const t = useMemo(() => createTranslator(language), [language]);
  const messages = useMemo(() => rendererMessages(t), [t]);
  // Read once: the QR marker (?src=qr → qr_scan), UTM tags and the referrer, clipped to the API's limits.
  const attribution = useMemo(() => attributionFromPage(new URLSearchParams(search), referrer), [search, referrer]);
  const [state, dispatch] = useReducer(captureReducer<P>, initialCaptureState as CaptureState<P>);
  const [loads, setLoads] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const viewCounted = useRef(false);
  const focusNext = useRef<'status' | 'form' | null>(null);

  useEffect(() => {
    let current = true;
    void kind.load(slug, language).then((result) => {
      if (!current) return;
      if (!result.ok) {
        dispatch({ type: 'load_failed', failure: result.failure });
        return;
      }
      dispatch({ type: 'loaded', page: result.data });
      // Once per page load, as the views endpoint expects (a retry after an error is the same visit).
      if (!viewCounted.current) {
        viewCounted.current = true;
        kind.countView(slug);
      }
    });
    return () => {
      current = false;
    };
  }, [kind, slug, loads, language]);

  const page: P | null = 'page' in state ? state.page : null;

  // Before the paint, so the tab's title never lags behind the heading on screen.
  useLayoutEffect(() => {
    if (state.phase === 'not_found') document.title = t(kind.notFound.metaTitle);
    else if (state.phase === 'error') document.title = t('meta.errorTitle');
    else if (page !== null) document.title = t('meta.title', { event: kind.formPage(page).name });
  }, [state.phase, page, kind, t]);

  // "Saved - it will be sent" no longer holds once the server refused what was kept: the fix
  // panel says so, and the page offers the form again instead.
  const onRefused = useCallback((count: number) => {
    if (count > 0) dispatch({ type: 'kept_refused' });
  }, []);

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
        <MessageCard icon={kind.notFound.icon} title={t(kind.notFound.title)} headingRef={focusOnMount}>
          <p className="max-w-md text-base/7 text-muted-foreground">{t(kind.notFound.message)}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t('notFound.hint')}</p>
        </MessageCard>
      </PageFrame>
    );
  }

  if (state.phase === 'error') {
    return (
      <PageFrame footer={footer}>
        <MessageCard icon={<WifiOff aria-hidden="true" className="size-7" />} title={t(kind.loadErrorTitle)}>
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

  const shown = state.page;
  const formPage = kind.formPage(shown);
  return (
    <PageFrame accent={kind.accent(shown)} footer={footer}>
      <div className={cardClass}>
        {kind.header(shown, t, language)}
        <KeptFix action={kind.offline.action} slug={slug} fields={formPage.form_fields} t={t} onRefused={onRefused} />
        <div className="mx-5 border-t border-border sm:mx-10" />
        {state.phase === 'saved_offline' ? (
          <section
            aria-labelledby="status-title"
            className="grid justify-items-center gap-4 px-5 py-10 text-center sm:px-10 sm:py-12"
          >
            <div className="grid size-16 place-items-center rounded-full bg-(--form-accent) text-(--form-accent-foreground) shadow-md">
              <CloudOff aria-hidden="true" strokeWidth={2.5} className="size-8" />
            </div>
            <h2
              id="status-title"
              ref={focusOnMount}
              tabIndex={-1}
              className="text-2xl font-bold tracking-tight text-foreground focus:outline-none"
            >
              {t('offline.savedTitle')}
            </h2>
            <p role="status" className="max-w-md text-base/7 text-muted-foreground">
              {t('offline.saved')}
            </p>
            <button
              type="button"
              onClick={() => {
                focusNext.current = 'form';
                setFormKey((k) => k + 1);
                dispatch({ type: 'reset' });
              }}
              className={`${secondaryButtonClass} mt-2`}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('thanks.another')}
            </button>
          </section>
        ) : state.phase === 'thank_you' || state.phase === 'pending_approval' ? (
          <StatusPanel
            pending={state.phase === 'pending_approval'}
            organization={formPage.organization_name || formPage.name}
            successMessage={kind.successMessage(shown)}
            confirmEmail={kind.emailVerification(shown) ? state.email : ''}
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
            page={formPage}
            send={(body, key) => kind.send(slug, body, key)}
            upload={(file) => uploadAttachment(kind.path(slug), file, file.name)}
            keep={(body, key) => keepForLater(kind.offline.action, slug, kind.offline.submitPath(slug), body, key)}
            language={language}
            t={t}
            messages={messages}
            attribution={attribution}
            submitting={state.phase === 'submitting'}
            failure={state.phase === 'form' ? state.failure : null}
            dispatch={(action) => {
              if (action.type === 'submitted' || action.type === 'saved_offline') focusNext.current = 'status';
              dispatch(action);
            }}
          />
        )}
      </div>
    </PageFrame>
  );
}
