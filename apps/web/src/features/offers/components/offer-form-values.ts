import type { FormField } from '@leadcapture/contracts/form-fields';
import type { CreateOfferInput, Offer, OfferStatus, UpdateOfferInput } from '@leadcapture/contracts/offers';

/** What the offer builder's page settings edit; the form's fields are kept beside it. */
export type OfferFormValues = {
  title: string;
  slug: string;
  description: string;
  success_message: string;
  consent_text: string;
  status: OfferStatus;
  is_published: boolean;
  require_approval: boolean;
};

export const EMPTY_OFFER: OfferFormValues = {
  title: '',
  slug: '',
  description: '',
  success_message: '',
  consent_text: '',
  status: 'draft',
  is_published: false,
  require_approval: false,
};

export function valuesFromOffer(offer: Offer): OfferFormValues {
  return {
    title: offer.title,
    slug: offer.slug,
    description: offer.description,
    success_message: offer.success_message,
    consent_text: offer.consent_text,
    status: offer.status,
    is_published: offer.is_published,
    require_approval: offer.settings.require_approval,
  };
}

/**
 * The publish rule of docs/offers.md, applied to the settings before they are sent: only an
 * active offer is published, so publishing a draft (or an archived offer) activates it with the
 * same request (`{status: 'active', is_published: true}`), and a draft or archived status takes
 * the published flag down with it.
 */
export function withPublishRule(values: OfferFormValues): OfferFormValues {
  if (values.is_published && values.status !== 'active') return { ...values, status: 'active' };
  return values;
}

/** `POST /offers/`: an empty slug is left out (the server makes one from the title). */
export function createBody(values: OfferFormValues, formFields: readonly FormField[]): CreateOfferInput {
  const v = withPublishRule(values);
  return {
    title: v.title,
    ...(v.slug.trim() === '' ? {} : { slug: v.slug }),
    description: v.description,
    success_message: v.success_message,
    consent_text: v.consent_text,
    // A new offer is a draft or active, never archived (createOfferSchema).
    status: v.status === 'active' ? 'active' : 'draft',
    is_published: v.is_published,
    settings: { require_approval: v.require_approval },
    form_fields: [...formFields],
  };
}

/** `PATCH /offers/{id}/`: everything the page edits, the form's fields as a whole. */
export function updateBody(values: OfferFormValues, formFields: readonly FormField[]): UpdateOfferInput {
  const v = withPublishRule(values);
  return {
    title: v.title,
    slug: v.slug,
    description: v.description,
    success_message: v.success_message,
    consent_text: v.consent_text,
    status: v.status,
    is_published: v.status === 'active' && v.is_published,
    settings: { require_approval: v.require_approval },
    form_fields: [...formFields],
  };
}
