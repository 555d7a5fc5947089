import type { Event, EventSettings, EventTemplate } from '@leadcapture/contracts/events';
import type { FormField } from '@leadcapture/contracts/form-fields';
import { format } from 'date-fns';

/** What the event form edits: the API's fields, dates as `<input type="datetime-local">` text. */
export type EventFormValues = {
  name: string;
  slug: string;
  description: string;
  start_date: string;
  end_date: string;
  location: string;
  website: string;
  primary_color: string;
  welcome_message: string;
  consent_text: string;
  settings: EventSettings;
};

export const DEFAULT_SETTINGS: EventSettings = {
  start_active: true,
  email_verification: false,
  analytics_tracking: true,
  require_approval: false,
  quick_actions: true,
};

export const EMPTY_EVENT: EventFormValues = {
  name: '',
  slug: '',
  description: '',
  start_date: '',
  end_date: '',
  location: '',
  website: '',
  primary_color: '#4f46e5',
  welcome_message: '',
  consent_text: '',
  settings: DEFAULT_SETTINGS,
};

/** ISO instant → the local "2027-03-12T09:00" a datetime-local input shows. */
export function toLocalInput(iso: string | null): string {
  return iso === null ? '' : format(new Date(iso), "yyyy-MM-dd'T'HH:mm");
}

/** The local "2027-03-12T09:00" → ISO in UTC; empty stays null (no date). */
export function fromLocalInput(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

export function valuesFromEvent(event: Event): EventFormValues {
  return {
    name: event.name,
    slug: event.slug,
    description: event.description,
    start_date: toLocalInput(event.start_date),
    end_date: toLocalInput(event.end_date),
    location: event.location,
    website: event.website,
    primary_color: event.primary_color,
    welcome_message: event.welcome_message,
    consent_text: event.consent_text,
    settings: event.settings,
  };
}

/** A template's look, texts and settings over what the user already typed (name and dates stay). */
export function applyTemplate(values: EventFormValues, template: EventTemplate): EventFormValues {
  return {
    ...values,
    description: values.description || template.description,
    primary_color: template.primary_color,
    welcome_message: template.welcome_message,
    settings: template.settings,
  };
}

/** What both POST and PATCH /events/ take from the form. */
export type EventBody = Omit<EventFormValues, 'slug' | 'start_date' | 'end_date'> & {
  slug?: string;
  start_date: string | null;
  end_date: string | null;
  form_fields: FormField[];
};

/** The request body of a create or update: dates in UTC, an empty slug left to the server. */
export function bodyFromValues(values: EventFormValues, formFields: readonly FormField[]): EventBody {
  return {
    name: values.name,
    ...(values.slug.trim() === '' ? {} : { slug: values.slug }),
    description: values.description,
    start_date: fromLocalInput(values.start_date),
    end_date: fromLocalInput(values.end_date),
    location: values.location,
    website: values.website,
    primary_color: values.primary_color,
    welcome_message: values.welcome_message,
    consent_text: values.consent_text,
    settings: values.settings,
    form_fields: [...formFields],
  };
}
