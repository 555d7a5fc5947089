import { CalendarX2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { Language } from '../i18n/language.ts';
import { CapturePage } from './capture-page.tsx';
import { ConfirmPage } from './confirm-page.tsx';
import { OfferPage } from './offer-page.tsx';
import { createTranslator } from './i18n.ts';
import { MessageCard, PageFooter, PageFrame } from './page-frame.tsx';
import type { CaptureRoute } from './route.ts';

export interface CaptureAppProps {
  route: CaptureRoute;
  language: Language;
  pathname: string;
  search: string;
  referrer: string;
}

/** An address of this bundle that names no page: a broken or expired short link, a bare /capture. */
function NoPage({ language, pathname, search }: Omit<CaptureAppProps, 'route' | 'referrer'>) {
  const t = useMemo(() => createTranslator(language), [language]);
  useEffect(() => {
    document.title = t('meta.pageNotFoundTitle');
  }, [t]);
  return (
    <PageFrame footer={<PageFooter t={t} language={language} pathname={pathname} search={search} />}>
      <MessageCard icon={<CalendarX2 aria-hidden="true" className="size-7" />} title={t('pageNotFound.title')}>
        <p className="max-w-md text-base/7 text-muted-foreground">{t('pageNotFound.message')}</p>
        <p className="max-w-md text-sm text-muted-foreground">{t('notFound.hint')}</p>
      </MessageCard>
    </PageFrame>
  );
}

/** The capture bundle's only "router": an event's page, an offer's, the email confirmation, or not found. */
export function CaptureApp({ route, ...page }: CaptureAppProps) {
  switch (route.kind) {
    case 'event':
      return <CapturePage slug={route.slug} {...page} />;
    case 'offer':
      return <OfferPage slug={route.slug} {...page} />;
    case 'confirm':
      return <ConfirmPage token={route.token} {...page} />;
    default:
      return <NoPage {...page} />;
  }
}
