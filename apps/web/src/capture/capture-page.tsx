import type { PublicEvent } from '@leadcapture/contracts/public-capture';
import { CalendarX2 } from 'lucide-react';
import { accentVariables } from './accent.ts';
import { countPageView, eventPath, getPublicEvent, submitCapture } from './api.ts';
import { EventHeader } from './event-header.tsx';
import { prepareDateFormat } from './format.ts';
import { PublicPage, type PageKind, type PublicPageProps } from './public-page.tsx';

export { loadFailureMessage } from './public-page.tsx';

/** An event's capture page: its branding, colour and dates; double opt-in when it asks for it. */
const eventPage: PageKind<PublicEvent> = {
  load: (slug, language) => {
    const loading = getPublicEvent(slug);
    // While the request is out: the date formatter's first use is slow (format.ts).
    prepareDateFormat(language);
    return loading;
  },
  countView: countPageView,
  send: submitCapture,
  path: eventPath,
  offline: { action: 'capture', submitPath: (slug) => `${eventPath(slug)}leads/` },
  formPage: (event) => event,
  emailVerification: (event) => event.email_verification,
  successMessage: () => '',
  accent: (event) => accentVariables(event.primary_color),
  header: (event, t, language) => <EventHeader event={event} t={t} language={language} />,
  notFound: {
    icon: <CalendarX2 aria-hidden="true" className="size-7" />,
    title: 'notFound.title',
    message: 'notFound.message',
    metaTitle: 'meta.notFoundTitle',
  },
  loadErrorTitle: 'loadError.title',
};

/**
 * The public capture page of an event, /capture/{slug} and /sv/capture/{slug} (spec 01 §2, §4).
 * Not found covers unknown, draft, inactive and cancelled events: the API answers 404 for all.
 */
export function CapturePage(props: PublicPageProps) {
  return <PublicPage kind={eventPage} {...props} />;
}
