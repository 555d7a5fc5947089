import type { PublicEvent } from '@leadcapture/contracts/public-capture';
import { CalendarDays, Globe, MapPin } from 'lucide-react';
import type { Language } from '../i18n/language.ts';
import { formatEventDates } from './format.ts';
import type { Translate } from './i18n.ts';
import { BrandMark } from './page-frame.tsx';

function websiteHost(url: string): { href: string; host: string } | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return { href: url, host: new URL(url).hostname.replace(/^www\./, '') };
  } catch {
    return null;
  }
}

/** The event's branding: logo, organiser, name (the page's h1), when and where, the welcome. */
export function EventHeader({ event, t, language }: { event: PublicEvent; t: Translate; language: Language }) {
  const dates = formatEventDates(event.start_date, event.end_date, language);
  const website = websiteHost(event.website);
  const organizer = event.organization_name.trim();
  return (
    <header className="grid gap-5 px-5 pt-6 pb-7 sm:px-10 sm:pt-10 sm:pb-8">
      <div className="flex items-center gap-4">
        <BrandMark logoUrl={event.logo_url} name={organizer || event.name} t={t} />
        {organizer !== '' && (
          <p className="min-w-0 text-sm font-medium text-muted-foreground">
            {t('event.hostedBy', { organization: organizer })}
          </p>
        )}
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">{event.name}</h1>
      {(dates !== null || event.location.trim() !== '' || website !== null) && (
        <dl className="grid gap-2 text-sm text-muted-foreground sm:flex sm:flex-wrap sm:gap-x-6">
          {dates !== null && (
            <div>
              <dt className="sr-only">{t('event.when')}</dt>
              <dd className="flex items-start gap-2">
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {dates}
              </dd>
            </div>
          )}
          {event.location.trim() !== '' && (
            <div>
              <dt className="sr-only">{t('event.where')}</dt>
              <dd className="flex items-start gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {event.location}
              </dd>
            </div>
          )}
          {website !== null && (
            <div>
              <dt className="sr-only">{t('event.website')}</dt>
              <dd className="flex items-start gap-2">
                <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <a
                  href={website.href}
                  rel="noopener noreferrer"
                  className="rounded-sm font-medium text-foreground underline decoration-(--form-ring) decoration-2 underline-offset-4 hover:decoration-foreground focus-visible:outline-2 focus-visible:outline-(--form-ring)"
                >
                  {website.host}
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
      {event.welcome_message.trim() !== '' && (
        <p className="text-base/7 whitespace-pre-line text-foreground">{event.welcome_message}</p>
      )}
    </header>
  );
}
