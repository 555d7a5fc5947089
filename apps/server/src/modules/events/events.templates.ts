import type { UI_LANGUAGES } from '@leadcapture/contracts/constants';
import {
  DEFAULT_EVENT_SETTINGS,
  EVENT_TEMPLATE_KEYS,
  type EventSettings,
  type EventTemplate,
  type EventTemplateKey,
} from '@leadcapture/contracts/events';
import { createFormField, type FormField, type FormFieldType } from '@leadcapture/contracts/form-fields';

export type TemplateLanguage = (typeof UI_LANGUAGES)[number];

/** One text in every interface language: built-in templates are written in both. */
type Texts = Record<TemplateLanguage, string>;

interface FieldSpec {
  id: string;
  type: FormFieldType;
  label: Texts;
  required?: boolean;
  options?: Record<TemplateLanguage, string[]>;
  checkbox_text?: Texts;
  placeholder?: Texts;
  width?: FormField['width'];
}

interface BuiltinTemplate {
  key: EventTemplateKey;
  name: Texts;
  description: Texts;
  welcome_message: Texts;
  primary_color: string;
  settings: Partial<EventSettings>;
  fields: FieldSpec[];
}

/**
 * Templates every organisation starts with. The capture page always asks for first and last
 * name, company, email, phone and job title (STANDARD_LEAD_FIELDS), so these hold only the
 * questions that make each kind of event worth following up. Field ids avoid the standard
 * field and lead column names, so answers never shadow a lead's own fields.
 *
 * Texts are given in English and Swedish: an event created from a template keeps them as
 * its own (visitors read them), so they cannot be translation keys. The web may still show
 * a template's name and description from its own catalogue by `key`.
 */
const BUILTIN_TEMPLATES: Record<EventTemplateKey, BuiltinTemplate> = {
  trade_show: {
    key: 'trade_show',
    name: { en: 'Trade show booth', sv: 'Mässmonter' },
    description: {
      en: 'Collect visitors at your booth: what they came for and when they plan to buy.',
      sv: 'Samla in besökare i montern: vad de är intresserade av och när de planerar att köpa.',
    },
    welcome_message: {
      en: 'Thanks for stopping by our booth! Leave your details and we will get back to you within one business day.',
      sv: 'Tack för att du besökte vår monter! Lämna dina uppgifter så hör vi av oss inom en arbetsdag.',
    },
    primary_color: '#2563eb',
    settings: {},
    fields: [
      {
        id: 'topic',
        type: 'select',
        label: { en: 'What are you interested in?', sv: 'Vad är du intresserad av?' },
        options: {
          en: ['Product demo', 'Pricing', 'Partnership', 'Just looking'],
          sv: ['Produktdemo', 'Priser', 'Partnerskap', 'Tittar bara'],
        },
      },
      {
        id: 'purchase_timeline',
        type: 'radio',
        label: { en: 'When are you planning to buy?', sv: 'När planerar ni att köpa?' },
        options: {
          en: ['Within 3 months', 'In 3 to 6 months', 'Later', 'Not sure yet'],
          sv: ['Inom 3 månader', 'Om 3 till 6 månader', 'Senare', 'Vet inte än'],
        },
      },
      {
        id: 'message',
        type: 'textarea',
        label: { en: 'Anything we should know?', sv: 'Något vi bör veta?' },
      },
    ],
  },
  conference: {
    key: 'conference',
    name: { en: 'Conference', sv: 'Konferens' },
    description: {
      en: 'Register attendees of a talk or a conference and send them the material afterwards.',
      sv: 'Registrera deltagare på en föreläsning eller konferens och skicka materialet efteråt.',
    },
    welcome_message: {
      en: 'Welcome! Register to get the slides and the follow-up material.',
      sv: 'Välkommen! Registrera dig för att få presentationen och materialet efteråt.',
    },
    primary_color: '#7c3aed',
    // Material goes by email, so the address is confirmed first.
    settings: { email_verification: true },
    fields: [
      {
        id: 'session',
        type: 'text',
        label: { en: 'Which session brought you here?', sv: 'Vilket pass fick dig att komma hit?' },
      },
      {
        id: 'send_material',
        type: 'checkbox',
        label: { en: 'Material', sv: 'Material' },
        checkbox_text: {
          en: 'Send me the slides and follow-up material',
          sv: 'Skicka presentationen och materialet till mig',
        },
      },
    ],
  },
  product_demo: {
    key: 'product_demo',
    name: { en: 'Product demo', sv: 'Produktdemo' },
    description: {
      en: 'Book demos on the spot: team size and a preferred date and time.',
      sv: 'Boka demo direkt: teamets storlek och önskad dag och tid.',
    },
    welcome_message: {
      en: 'Want to see it in action? Tell us when suits you and we will book a demo.',
      sv: 'Vill du se hur det fungerar? Berätta när det passar så bokar vi en demo.',
    },
    primary_color: '#059669',
    settings: {},
    fields: [
      {
        id: 'team_size',
        type: 'select',
        label: { en: 'How large is your team?', sv: 'Hur stort är ert team?' },
        required: true,
        options: { en: ['1-10', '11-50', '51-200', '201+'], sv: ['1-10', '11-50', '51-200', '201+'] },
      },
      {
        id: 'preferred_date',
        type: 'date',
        label: { en: 'Preferred date', sv: 'Önskad dag' },
        width: 'half',
      },
      {
        id: 'preferred_time',
        type: 'time',
        label: { en: 'Preferred time', sv: 'Önskad tid' },
        width: 'half',
      },
    ],
  },
  webinar: {
    key: 'webinar',
    name: { en: 'Webinar', sv: 'Webbinarium' },
    description: {
      en: 'Sign-ups for an online session, with questions for the speakers.',
      sv: 'Anmälningar till en session online, med frågor till talarna.',
    },
    welcome_message: {
      en: 'Sign up and we will send you the link before we start.',
      sv: 'Anmäl dig så skickar vi länken innan vi börjar.',
    },
    primary_color: '#db2777',
    // The link goes by email, so the address is confirmed first.
    settings: { email_verification: true },
    fields: [
      {
        id: 'attendance',
        type: 'radio',
        label: { en: 'Will you join live?', sv: 'Deltar du live?' },
        required: true,
        options: {
          en: ['Yes, live', 'Send me the recording'],
          sv: ['Ja, live', 'Skicka inspelningen'],
        },
      },
      {
        id: 'questions',
        type: 'textarea',
        label: { en: 'Questions for the speakers', sv: 'Frågor till talarna' },
      },
    ],
  },
};

function fieldOf(spec: FieldSpec, language: TemplateLanguage): FormField {
  return createFormField(spec.type, spec.id, {
    label: spec.label[language],
    required: spec.required ?? false,
    options: spec.options?.[language] ?? [],
    checkbox_text: spec.checkbox_text?.[language] ?? '',
    placeholder: spec.placeholder?.[language] ?? '',
    width: spec.width ?? 'full',
  });
}

/** A built-in template as the API answers it, in one language. */
export function builtinTemplate(key: EventTemplateKey, language: TemplateLanguage): EventTemplate {
  const t = BUILTIN_TEMPLATES[key];
  return {
    id: t.key,
    key: t.key,
    builtin: true,
    name: t.name[language],
    description: t.description[language],
    primary_color: t.primary_color,
    welcome_message: t.welcome_message[language],
    form_fields: t.fields.map((f) => fieldOf(f, language)),
    settings: { ...DEFAULT_EVENT_SETTINGS, ...t.settings },
    created_at: null,
    updated_at: null,
  };
}

export function builtinTemplates(language: TemplateLanguage): EventTemplate[] {
  return EVENT_TEMPLATE_KEYS.map((key) => builtinTemplate(key, language));
}

export function isBuiltinTemplateKey(id: string): id is EventTemplateKey {
  return (EVENT_TEMPLATE_KEYS as readonly string[]).includes(id);
}
