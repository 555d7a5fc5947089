import { eq, sql } from 'drizzle-orm';
import type { PageViewResult, PublicOffer } from '@leadcapture/contracts/public-capture';
import type { AppDeps } from '../../http/deps.ts';
import { offerPageViews } from '../offers/offers.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/** The organisations table's default primary colour, for a row that has gone. */
const DEFAULT_ORGANIZATION_COLOR = '#2563eb';
import { viewWithinLimit } from './capture.service.ts';
import { inPublicOffer } from './public-pages.ts';

/** An offer's public page (docs/offers.md): what it shows and its views. Its submissions are captures (capture.service.ts). */

/** GET /public/offers/{id_or_slug}/ */
export async function getPublicOffer(deps: AppDeps, idOrSlug: string): Promise<PublicOffer> {
  return inPublicOffer(deps.db, idOrSlug, async ({ tx, organizationId }, offer) => {
    const [org] = await tx
      .select({ name: organizations.name, logoUrl: organizations.logoUrl, primaryColor: organizations.primaryColor })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return {
      id: offer.id,
      title: offer.title,
      slug: offer.slug,
      description: offer.description,
      success_message: offer.successMessage,
      consent_text: offer.consentText,
      form_fields: offer.formFields,
      organization_name: org?.name ?? '',
      // An offer has no colours of its own: the page wears the organisation's (spec 01 §2).
      logo_url: org?.logoUrl ?? null,
      primary_color: org?.primaryColor ?? DEFAULT_ORGANIZATION_COLOR,
      require_approval: offer.settings.require_approval,
    };
  });
}

/**
 * POST /public/offers/{id_or_slug}/views/: one view of the page in the offer's row for the UTC
 * day, without a cookie or any visitor identifier (docs/offers.md, Figures).
 */
export async function recordOfferView(deps: AppDeps, ip: string | null, idOrSlug: string): Promise<PageViewResult> {
  const withinLimit = await viewWithinLimit(deps, ip);
  return inPublicOffer(deps.db, idOrSlug, async ({ tx, organizationId }, offer) => {
    if (!withinLimit) return { counted: false };
    await tx
      .insert(offerPageViews)
      .values({ organizationId, offerId: offer.id, day: sql`(now() at time zone 'utc')::date`, views: 1 })
      .onConflictDoUpdate({
        target: [offerPageViews.offerId, offerPageViews.day],
        set: { views: sql`${offerPageViews.views} + 1` },
      });
    return { counted: true };
  });
}
