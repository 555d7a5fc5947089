import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { visitorPageOf, type PageMeta } from '../../http/web-app.ts';
import { getPublicEvent } from './capture.service.ts';
import { getPublicOffer } from './offer-capture.service.ts';

/**
 * The title, text and logo a link preview of a visitor's page shows (http/web-app.ts puts them
 * in the page's head); null for a path that is no public event or offer.
 */
export async function visitorPageMeta(deps: AppDeps, url: string): Promise<PageMeta | null> {
  const page = visitorPageOf(url);
  if (page === null) return null;
  const address = `${deps.config.publicUrl}${url.split(/[?#]/)[0] ?? ''}`;
  const fallback = page.language === 'sv' ? SV_DESCRIPTION : EN_DESCRIPTION;
  try {
    if (page.kind === 'offer') {
      const offer = await getPublicOffer(deps, page.slug);
      const description = offer.description.trim() || fallback;
      return { title: offer.title, description, image: offer.logo_url, url: address, language: page.language };
    }
    const event = await getPublicEvent(deps, page.slug);
    const description = event.description.trim() || event.welcome_message.trim() || fallback;
    return { title: event.name, description, image: event.logo_url, url: address, language: page.language };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** The capture page's own description (capture.html), for a page without a text of its own. */
const EN_DESCRIPTION = 'Leave your details and the team will be in touch within 1 business day.';
const SV_DESCRIPTION = 'Lämna dina uppgifter så hör teamet av sig inom 1 arbetsdag.';
