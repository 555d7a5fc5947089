import type { PublicOffer } from '@leadcapture/contracts/public-capture';
import { SearchX } from 'lucide-react';
import { countOfferView, getPublicOffer, offerPath, submitOffer } from './api.ts';
import { accentVariables } from './accent.ts';
import type { Translate } from './i18n.ts';
import { BrandMark } from './page-frame.tsx';
import { PublicPage, type PageKind, type PublicPageProps } from './public-page.tsx';

/** The offer's heading: the organisation's mark, who offers it, its title (the page's h1) and its description. */
function OfferHeader({ offer, t }: { offer: PublicOffer; t: Translate }) {
  const organizer = offer.organization_name.trim();
  return (
    <header className="grid gap-5 px-5 pt-6 pb-7 sm:px-10 sm:pt-10 sm:pb-8">
      <div className="flex items-center gap-4">
        <BrandMark logoUrl={offer.logo_url} name={organizer || offer.title} t={t} />
        {organizer !== '' && (
          <p className="min-w-0 text-sm font-medium text-muted-foreground">
            {t('offer.offeredBy', { organization: organizer })}
          </p>
        )}
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">{offer.title}</h1>
      {offer.description.trim() !== '' && (
        <p className="text-base/7 whitespace-pre-line text-foreground">{offer.description}</p>
      )}
    </header>
  );
}

/** An offer page: the organisation's logo and colour, no dates; the offer's own thank-you text when it has one. */
const offerPage: PageKind<PublicOffer> = {
  load: (slug) => getPublicOffer(slug),
  countView: countOfferView,
  send: submitOffer,
  path: offerPath,
  offline: { action: 'offer', submitPath: (slug) => `${offerPath(slug)}submit/` },
  formPage: (offer) => ({ ...offer, name: offer.title }),
  emailVerification: () => false,
  successMessage: (offer) => offer.success_message,
  accent: (offer) => accentVariables(offer.primary_color),
  header: (offer, t) => <OfferHeader offer={offer} t={t} />,
  notFound: {
    icon: <SearchX aria-hidden="true" className="size-7" />,
    title: 'offerNotFound.title',
    message: 'offerNotFound.message',
    metaTitle: 'meta.offerNotFoundTitle',
  },
  loadErrorTitle: 'offerLoadError.title',
};

/**
 * The public page of an offer, /show/{slug} and /sv/show/{slug} (spec 01 §2, §4). Not found
 * covers unknown, draft, archived and unpublished offers: the API answers 404 for all.
 */
export function OfferPage(props: PublicPageProps) {
  return <PublicPage kind={offerPage} {...props} />;
}
