import { MailCheck, MailX, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { Language } from '../i18n/language.ts';
import { confirmLeadEmail, type ApiFailure } from './api.ts';
import { loadFailureMessage } from './capture-page.tsx';
import { createTranslator } from './i18n.ts';
import { MessageCard, PageFooter, PageFrame, primaryButtonClass, cardClass } from './page-frame.tsx';
import { Spinner } from './spinner.tsx';

export interface ConfirmPageProps {
  token: string;
  language: Language;
  pathname: string;
  search: string;
}

type ConfirmState =
  | { phase: 'confirming' }
  | { phase: 'confirmed'; eventName: string }
  | { phase: 'invalid' }
  | { phase: 'error'; failure: ApiFailure };

/**
 * /capture/confirm?token=… (and /sv/…): the link of the double opt-in mail. The token is single
 * use; an unknown, expired or used one answers 404 (or 422 when malformed): the same "this link
 * does not work" for all of them. A network or server failure offers a retry.
 */
export function ConfirmPage({ token, language, pathname, search }: ConfirmPageProps) {
  const t = useMemo(() => createTranslator(language), [language]);
  const [state, setState] = useState<ConfirmState>({ phase: 'confirming' });
  const [tries, setTries] = useState(0);

  useEffect(() => {
    let current = true;
    void confirmLeadEmail(token).then((result) => {
      if (!current) return;
      if (result.ok) setState({ phase: 'confirmed', eventName: result.data.event_name });
      else if (result.failure.kind === 'not_found' || result.failure.kind === 'validation')
        setState({ phase: 'invalid' });
      else setState({ phase: 'error', failure: result.failure });
    });
    return () => {
      current = false;
    };
  }, [token, tries]);

  useEffect(() => {
    document.title = t('meta.confirmTitle');
  }, [t]);

  const footer = <PageFooter t={t} language={language} pathname={pathname} search={search} />;

  if (state.phase === 'confirming') {
    return (
      <PageFrame>
        <section aria-busy="true" className={`${cardClass} grid justify-items-center gap-4 px-6 py-16 text-center`}>
          <span className="text-muted-foreground">
            <Spinner />
          </span>
          <p role="status" className="text-base text-foreground">
            {t('confirm.loading')}
          </p>
        </section>
      </PageFrame>
    );
  }

  if (state.phase === 'confirmed') {
    return (
      <PageFrame footer={footer}>
        <MessageCard icon={<MailCheck aria-hidden="true" className="size-7" />} title={t('confirm.successTitle')}>
          <p className="max-w-md text-base/7 text-muted-foreground">
            {t('confirm.successMessage', { event: state.eventName })}
          </p>
        </MessageCard>
      </PageFrame>
    );
  }

  if (state.phase === 'invalid') {
    return (
      <PageFrame footer={footer}>
        <MessageCard icon={<MailX aria-hidden="true" className="size-7" />} title={t('confirm.invalidTitle')}>
          <p className="max-w-md text-base/7 text-muted-foreground">{t('confirm.invalidMessage')}</p>
        </MessageCard>
      </PageFrame>
    );
  }

  return (
    <PageFrame footer={footer}>
      <MessageCard icon={<MailX aria-hidden="true" className="size-7" />} title={t('confirm.errorTitle')}>
        <p role="alert" className="max-w-md text-base/7 text-muted-foreground">
          {loadFailureMessage(state.failure, t)}
        </p>
        <button
          type="button"
          className={`${primaryButtonClass} mt-2`}
          onClick={() => {
            setState({ phase: 'confirming' });
            setTries((n) => n + 1);
          }}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('error.retry')}
        </button>
      </MessageCard>
    </PageFrame>
  );
}
