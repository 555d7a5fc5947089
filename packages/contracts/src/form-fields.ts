/**
 * The form engine of events and offers (spec 01 §3): field types and properties, the rules of an
 * answer, and safe user-supplied patterns. The server and the browser run this same code, so a
 * visitor sees exactly the errors the server would answer with.
 *
 * No zod here, on purpose: this module ships in the public capture page, whose whole JavaScript
 * budget is 60 KB gzip. The zod schemas of a form *definition* (what the builder saves) live in
 * forms.ts and import from here, never the other way round.
 */

// --- field types --------------------------------------------------------------------------

export const INPUT_FIELD_TYPES = [
  'text',
  'email',
  'phone',
  'textarea',
  'select',
  'checkbox',
  'radio',
  'date',
  'time',
  'file',
  'number',
  'rating',
] as const;
export type InputFieldType = (typeof INPUT_FIELD_TYPES)[number];

/** Types that only lay out the page: they never take an answer. */
export const LAYOUT_FIELD_TYPES = [
  'heading',
  'paragraph',
  'divider',
  'spacer',
  'banner',
  'video',
  'image',
  'features_list',
  'button',
  'info_section',
] as const;
export type LayoutFieldType = (typeof LAYOUT_FIELD_TYPES)[number];

export const FORM_FIELD_TYPES = [...INPUT_FIELD_TYPES, ...LAYOUT_FIELD_TYPES] as const;
export type FormFieldType = InputFieldType | LayoutFieldType;

export const FIELD_WIDTHS = ['full', 'half', 'third'] as const;
export type FieldWidth = (typeof FIELD_WIDTHS)[number];

export const HEADING_LEVELS = [1, 2, 3] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

/**
 * A form field as stored and answered by the API (03-decisions §3). Every property is always
 * present, whatever the type, so clients never guess; a property a type does not use keeps its
 * default and is ignored. Which type reads which property:
 *
 * - `label`: the question of an input field (required), the text of a `heading` and of a
 *   `button` (required), and an optional title of `banner`, `video`, `image`, `features_list`
 *   and `info_section`.
 * - `content`: the body text of `paragraph`, `banner` and `info_section` (required there).
 * - `options`: the choices of `select` and `radio` (at least one), the items of `features_list`,
 *   and, on a `checkbox`, the choices of a multiple-choice group: a checkbox without options is
 *   one box answered true or false; with options the answer is the list of ticked options.
 * - `url`: the http(s) address of an `image`, of a `video` (a video-hosting link) and the target
 *   of a `button`; `alt`: the alternative text of an `image` (empty means decorative).
 * - `min_length`, `max_length` and `pattern`: text, textarea, email and phone answers.
 * - `heading_level`: heading; `height`: spacer (px); `max_rating`: rating.
 * - `default_value`: the answer the capture page pre-fills (see defaultAnswer), as text.
 */
export interface FormField {
  id: string;
  type: FormFieldType;
  label: string;
  content: string;
  placeholder: string;
  help_text: string;
  required: boolean;
  min_length: number | null;
  max_length: number | null;
  pattern: string;
  options: string[];
  checkbox_text: string;
  heading_level: HeadingLevel;
  height: number;
  width: FieldWidth;
  default_value: string;
  max_rating: number;
  url: string;
  alt: string;
}

export type InputFormField = FormField & { type: InputFieldType };

const INPUT_TYPES: ReadonlySet<FormFieldType> = new Set(INPUT_FIELD_TYPES);

export function isInputType(type: FormFieldType): type is InputFieldType {
  return INPUT_TYPES.has(type);
}

/** True for fields that take an answer; layout fields never do. */
export function isInputField(field: Pick<FormField, 'type'>): field is InputFormField {
  return isInputType(field.type);
}

/** Types whose label is shown and therefore required ("Field label is required"). */
export const LABEL_REQUIRED_TYPES: readonly FormFieldType[] = [...INPUT_FIELD_TYPES, 'heading', 'button'];
/** Types whose `content` is their body text and therefore required. */
export const CONTENT_REQUIRED_TYPES: readonly FormFieldType[] = ['paragraph', 'banner', 'info_section'];
/** Types that need at least one option. */
export const OPTION_REQUIRED_TYPES: readonly FormFieldType[] = ['select', 'radio', 'features_list'];
/** Types whose `url` is required. */
export const URL_REQUIRED_TYPES: readonly FormFieldType[] = ['image', 'video', 'button'];
/** Free-text answers: the types that read min_length, max_length and pattern. */
export const TEXT_ANSWER_TYPES: readonly FormFieldType[] = ['text', 'textarea', 'email', 'phone'];

/** A checkbox with options is a multiple-choice group (its answer is a list of options). */
export function isMultiChoice(field: Pick<FormField, 'type' | 'options'>): boolean {
  return field.type === 'checkbox' && field.options.length > 0;
}

// --- limits and wording -------------------------------------------------------------------

/** Every text has a maximum length (03-decisions §5); these are the form engine's. */
export const FORM_LIMITS = {
  maxFields: 100,
  idMaxLength: 64,
  labelMaxLength: 200,
  contentMaxLength: 5000,
  placeholderMaxLength: 200,
  helpTextMaxLength: 500,
  checkboxTextMaxLength: 1000,
  altMaxLength: 300,
  urlMaxLength: 2000,
  maxOptions: 100,
  optionMaxLength: 200,
  patternMaxLength: 200,
  /** Largest count in a pattern's `{n,m}`. */
  patternMaxRepeat: 1000,
  /** The longest answer of any field, and the largest max_length a field may set. */
  answerMaxLength: 5000,
  /** A text answer's cap when the field sets no max_length (a textarea's is answerMaxLength). */
  textMaxLength: 500,
  emailMaxLength: 254,
  phoneMaxLength: 32,
  minMaxRating: 1,
  maxMaxRating: 10,
  minSpacerHeight: 4,
  maxSpacerHeight: 400,
  /**
   * Pattern work a whole form may cost per submission: the sum over its fields of (pattern
   * program size × the field's answer cap), the worst case of the matcher below.
   */
  patternWorkPerForm: 2_000_000,
} as const;

/**
 * English catalogue wording (spec 01 §5, spec 02 §9). The web maps each text to an i18n key
 * (apps/web/src/lib/validation-messages.ts), numbers included, so keep the numbers in the text.
 */
export const FORM_MESSAGES = {
  required: 'This field is required',
  email: 'Enter a valid email address',
  url: 'Enter a valid URL',
  phone: 'Enter a valid phone number',
  number: 'Enter a valid number',
  date: 'Enter a valid date',
  time: 'Enter a valid time',
  choice: 'Select a valid choice',
  file: 'Upload a valid file',
  invalid: 'Enter a valid value',
  patternMismatch: 'Enter a value in the requested format',
  minLength: (n: number) => `Ensure this field has at least ${n} characters`,
  maxLength: (n: number) => `Ensure this field has no more than ${n} characters`,
  between: (min: number, max: number) => `Ensure this value is between ${min} and ${max}`,
  // The definition of a form (what the builder saves).
  labelRequired: 'Field label is required',
  optionsRequired: 'Add at least one option',
  optionEmpty: 'Options cannot be empty',
  optionDuplicate: 'Options must be unique',
  optionSingleLine: 'Options must fit on one line',
  maxOptions: (n: number) => `Ensure this field has no more than ${n} options`,
  maxFields: (n: number) => `Ensure this form has no more than ${n} fields`,
  lengthRange: 'Minimum length cannot be greater than maximum length',
  fieldIdInvalid: 'Use only letters, digits, hyphens and underscores',
  fieldIdReserved: 'This field id is reserved',
  fieldIdDuplicate: 'Field ids must be unique',
  // Patterns (checkPattern).
  patternInvalid: 'Enter a valid regular expression',
  patternBackreference: 'Patterns cannot use backreferences',
  patternLookaround: 'Patterns cannot use lookahead or lookbehind',
  patternNestedRepeat: 'Patterns cannot repeat a group that itself repeats a variable number of times',
  patternOverlappingChoice: 'Patterns cannot repeat a choice whose options can start with the same character',
  patternEmptyRepeat: 'Patterns cannot repeat something that can be empty',
  patternRepeatTooLarge: (n: number) => `Patterns cannot repeat anything more than ${n} times`,
  patternUnsupported: 'This pattern uses syntax that is not supported',
  patternTooComplex: 'This pattern is too complex',
} as const;

// --- shared formats -----------------------------------------------------------------------

/**
 * zod's own email pattern (zod 4 `z.regexes.email`, minus needless escapes), kept here so the zod-free capture page
 * checks exactly what the contract does; fields.ts passes it to `z.email({ pattern })`.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** Digits with the usual separators and an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]{5,31}$/;
/** An absolute http(s) address. */
export const URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** Control characters other than tab and line breaks (PostgreSQL cannot store NUL at all). */
export function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const NUMBER_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const INTEGER_TEXT = /^\d+$/;

/** Field ids: the keys of `responses` and of a lead's `custom_fields`. */
export const FIELD_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Ids that would name an object's prototype machinery in code that indexes plain objects by id. */
export const RESERVED_FIELD_IDS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 6;

/** Web Crypto, in browsers and Node alike (this package is typed without DOM or Node's types). */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint32Array): Uint32Array } }).crypto;

function secureRandom(): number {
  const buffer = new Uint32Array(1);
  webCrypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) / 2 ** 32;
}

/**
 * A new field id: `field_` and six random base36 characters (2 billion possibilities), short
 * enough to read in an export's column header, and unique within the form: the ids of existing
 * fields are the keys of answers already collected, so a new field never takes one over. The
 * builder names its new fields with it, and the server the fields sent without an id.
 */
export function createFieldId(existing: Iterable<string>, random: () => number = secureRandom): string {
  const taken = new Set(existing);
  for (;;) {
    let suffix = '';
    for (let i = 0; i < ID_LENGTH; i++) suffix += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)] ?? '0';
    const id = `field_${suffix}`;
    if (!taken.has(id) && FIELD_ID_PATTERN.test(id) && !RESERVED_FIELD_IDS.includes(id)) return id;
  }
}

/** A real calendar date written YYYY-MM-DD (2026-02-29 is not one). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** A time of day written HH:MM, 24-hour, as `<input type="time">` gives it. */
export function isTimeOfDay(text: string): boolean {
  return TIME.test(text);
}

// --- new fields ---------------------------------------------------------------------------

/** Defaults of every property but id and type; the definition schema (forms.ts) uses them too. */
export const FORM_FIELD_DEFAULTS = {
  label: '',
  content: '',
  placeholder: '',
  help_text: '',
  required: false,
  min_length: null,
  max_length: null,
  pattern: '',
  options: [],
  checkbox_text: '',
  heading_level: 2,
  height: 32,
  width: 'full',
  default_value: '',
  max_rating: 5,
  url: '',
  alt: '',
} as const satisfies Omit<FormField, 'id' | 'type'>;

/**
 * A new field for the builder palette. Texts start empty: the builder fills labels and sample
 * options in the user's language through `overrides`.
 */
export function createFormField(
  type: FormFieldType,
  id: string,
  overrides: Partial<Omit<FormField, 'id' | 'type'>> = {},
): FormField {
  return { ...FORM_FIELD_DEFAULTS, options: [], ...overrides, id, type };
}

// --- answers ------------------------------------------------------------------------------

/** checkbox → boolean (or the ticked options of a group), number and rating → number. */
export type SubmissionValue = string | number | boolean | string[];
/** Messages keyed by field id (or standard field name), as in `error.details` of a 422. */
export type FieldErrors = Record<string, string[]>;
export interface SubmissionResult {
  values: Record<string, SubmissionValue>;
  errors: FieldErrors;
}
export interface AnswerResult {
  /** Absent when the visitor gave no answer (or when there are errors). */
  value?: SubmissionValue;
  errors: string[];
}

/** The most characters an answer to this field may have. */
export function answerMaxLength(field: Pick<FormField, 'type' | 'max_length'>): number {
  const set = field.max_length;
  switch (field.type) {
    case 'email':
      return Math.min(set ?? Infinity, FORM_LIMITS.emailMaxLength);
    case 'phone':
      return Math.min(set ?? Infinity, FORM_LIMITS.phoneMaxLength);
    case 'textarea':
      return Math.min(set ?? Infinity, FORM_LIMITS.answerMaxLength);
    default:
      return Math.min(set ?? FORM_LIMITS.textMaxLength, FORM_LIMITS.answerMaxLength);
  }
}

function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function fail(message: string): AnswerResult {
  return { errors: [message] };
}

function absent(field: FormField): AnswerResult {
  return field.required ? fail(FORM_MESSAGES.required) : { errors: [] };
}

function textAnswer(field: FormField, raw: unknown): AnswerResult {
  if (typeof raw !== 'string') return fail(FORM_MESSAGES.invalid);
  let value = raw.trim();
  const max = answerMaxLength(field);
  // Checked first: nothing longer than the cap ever reaches the pattern matcher.
  if (value.length > max) return fail(FORM_MESSAGES.maxLength(max));
  if (hasControlChars(value)) return fail(FORM_MESSAGES.invalid);
  const errors: string[] = [];
  if (field.min_length !== null && value.length < field.min_length) {
    errors.push(FORM_MESSAGES.minLength(field.min_length));
  }
  if (field.type === 'email') {
    if (EMAIL_PATTERN.test(value)) value = value.toLowerCase();
    else errors.push(FORM_MESSAGES.email);
  }
  if (field.type === 'phone' && !PHONE_PATTERN.test(value)) errors.push(FORM_MESSAGES.phone);
  if (field.pattern !== '' && !matchesPattern(field.pattern, value)) errors.push(FORM_MESSAGES.patternMismatch);
  return errors.length > 0 ? { errors } : { value, errors };
}

function choiceAnswer(field: FormField, raw: unknown): AnswerResult {
  if (typeof raw !== 'string') return fail(FORM_MESSAGES.choice);
  const value = raw.trim();
  return field.options.includes(value) ? { value, errors: [] } : fail(FORM_MESSAGES.choice);
}

function multiChoiceAnswer(field: FormField, raw: unknown): AnswerResult {
  // More items than boxes can only be a broken or hostile client.
  if (!Array.isArray(raw) || raw.length > field.options.length) return fail(FORM_MESSAGES.choice);
  const picked = new Set<string>();
  for (const item of raw as unknown[]) {
    if (typeof item !== 'string' || !field.options.includes(item.trim())) return fail(FORM_MESSAGES.choice);
    picked.add(item.trim());
  }
  if (picked.size === 0) return absent(field);
  // Kept in the order of the options, once each, whatever order the client sent.
  return { value: field.options.filter((o) => picked.has(o)), errors: [] };
}

function checkboxAnswer(field: FormField, raw: unknown): AnswerResult {
  if (typeof raw !== 'boolean') return fail(FORM_MESSAGES.invalid);
  // A required single box (consent, terms) must be ticked.
  if (field.required && !raw) return fail(FORM_MESSAGES.required);
  return { value: raw, errors: [] };
}

function toNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text.length > 64 || !NUMBER_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function ratingAnswer(field: FormField, raw: unknown): AnswerResult {
  const max = field.max_rating;
  const text = typeof raw === 'string' ? raw.trim() : null;
  const n = text === null ? raw : INTEGER_TEXT.test(text) && text.length <= 3 ? Number(text) : NaN;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max) {
    return fail(FORM_MESSAGES.between(1, max));
  }
  return { value: n, errors: [] };
}

function stringAnswer(raw: unknown, check: (text: string) => boolean, message: string): AnswerResult {
  if (typeof raw !== 'string') return fail(message);
  const value = raw.trim();
  return check(value) ? { value, errors: [] } : fail(message);
}

/**
 * The rules of one answer: required, type, length, pattern, option membership, formats and the
 * rating range. `raw` is what the client sent for this field (JSON); blank means no answer.
 */
export function validateAnswer(field: FormField, raw: unknown): AnswerResult {
  if (!isInputField(field)) return { errors: [] };
  if (isBlank(raw) || (Array.isArray(raw) && raw.length === 0)) return absent(field);
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
      return textAnswer(field, raw);
    case 'select':
    case 'radio':
      return choiceAnswer(field, raw);
    case 'checkbox':
      return isMultiChoice(field) ? multiChoiceAnswer(field, raw) : checkboxAnswer(field, raw);
    case 'number': {
      const value = toNumber(raw);
      return value === null ? fail(FORM_MESSAGES.number) : { value, errors: [] };
    }
    case 'rating':
      return ratingAnswer(field, raw);
    case 'date':
      return stringAnswer(raw, isCalendarDate, FORM_MESSAGES.date);
    case 'time':
      return stringAnswer(raw, isTimeOfDay, FORM_MESSAGES.time);
    case 'file':
      // The id of a file uploaded beforehand; the server checks that it exists and is the form's.
      return stringAnswer(raw, (v) => UUID.test(v), FORM_MESSAGES.file);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates the `responses` of a public submission (`{field_id: value}`) against the form's
 * fields. Keys that are not input fields of the form are ignored, so layout fields never take a
 * value. An absent answer stays absent: `default_value` is what the page pre-fills, and a
 * visitor who cleared it answered nothing; inventing the default on the server would record an
 * answer the visitor never gave (and a cleared box would come back ticked).
 */
export function validateSubmission(fields: readonly FormField[], responses: unknown): SubmissionResult {
  const source = isRecord(responses) ? responses : {};
  const values: [string, SubmissionValue][] = [];
  const errors: [string, string[]][] = [];
  for (const field of fields) {
    if (!isInputField(field)) continue;
    const raw = Object.hasOwn(source, field.id) ? source[field.id] : undefined;
    const result = validateAnswer(field, raw);
    if (result.errors.length > 0) errors.push([field.id, result.errors]);
    else if (result.value !== undefined) values.push([field.id, result.value]);
  }
  // fromEntries defines own properties, so even an id like "__proto__" cannot touch a prototype.
  return { values: Object.fromEntries(values), errors: Object.fromEntries(errors) };
}

/**
 * The initial answer the capture page shows, read from `default_value`: text as is, a number
 * for number and rating, true/false for a single checkbox ("true"/"false"), and one option per
 * line for a checkbox group. Files have no default. A value that does not parse is returned as
 * text so that validateAnswer reports it (the definition schema refuses such defaults).
 */
export function defaultAnswer(field: FormField): SubmissionValue | undefined {
  const text = field.default_value.trim();
  if (!isInputField(field) || text === '' || field.type === 'file') return undefined;
  switch (field.type) {
    case 'checkbox':
      if (isMultiChoice(field)) {
        return text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '');
      }
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'number':
    case 'rating':
      return toNumber(text) ?? text;
    default:
      return text;
  }
}

// --- the capture page's built-in fields ---------------------------------------------------

export interface StandardLeadField {
  name: string;
  type: 'text' | 'email' | 'phone';
  required: boolean;
  max_length: number;
  /** The `autocomplete` token that lets browsers fill the field in. */
  autocomplete: string;
}

/**
 * Always on a public page (spec 01 §5: first and last name, company and email, required; phone and
 * job title, optional), after the designer's opening layout fields (publicFormLayout).
 */
export const STANDARD_LEAD_FIELDS = [
  { name: 'first_name', type: 'text', required: true, max_length: 150, autocomplete: 'given-name' },
  { name: 'last_name', type: 'text', required: true, max_length: 150, autocomplete: 'family-name' },
  { name: 'company', type: 'text', required: true, max_length: 200, autocomplete: 'organization' },
  { name: 'email', type: 'email', required: true, max_length: 254, autocomplete: 'email' },
  { name: 'phone', type: 'phone', required: false, max_length: 32, autocomplete: 'tel' },
  { name: 'job_title', type: 'text', required: false, max_length: 150, autocomplete: 'organization-title' },
] as const satisfies readonly StandardLeadField[];
export type StandardLeadFieldName = (typeof STANDARD_LEAD_FIELDS)[number]['name'];

/**
 * The standard field a designer's question asks again, or null: an email or a phone question is
 * the contact details' own, so a public page does not ask it twice (and a capture is not refused
 * for leaving the copy empty).
 */
export function standardFieldAskedBy(field: Pick<FormField, 'type'>): StandardLeadFieldName | null {
  if (field.type === 'email') return 'email';
  if (field.type === 'phone') return 'phone';
  return null;
}

/** A public form in the order visitors see it: the one layout of the builder preview and the public pages. */
export interface PublicFormLayout {
  /** The designer's opening headings, text, images and dividers: above the contact details. */
  intro: FormField[];
  /** The contact details, always asked (first and last name, company and email required; phone and job title optional). */
  standard: typeof STANDARD_LEAD_FIELDS;
  /** The rest of the designer's form, from its first question on. */
  rest: FormField[];
}

/**
 * How a public page (an event's capture page, an offer page) lays out a form, and what the
 * builder previews: the designer's opening layout fields, then the standard contact details,
 * then the designer's questions and whatever follows them. A question that repeats a standard
 * field (standardFieldAskedBy) is left out, on the page and in the server's checks alike.
 */
export function publicFormLayout(fields: readonly FormField[]): PublicFormLayout {
  const asked = fields.filter((field) => standardFieldAskedBy(field) === null);
  const firstQuestion = asked.findIndex(isInputField);
  const split = firstQuestion === -1 ? asked.length : firstQuestion;
  return { intro: asked.slice(0, split), standard: STANDARD_LEAD_FIELDS, rest: asked.slice(split) };
}

/** The designer's fields a public page shows, in order (intro and rest of publicFormLayout). */
export function publicFormFields(fields: readonly FormField[]): FormField[] {
  const layout = publicFormLayout(fields);
  return [...layout.intro, ...layout.rest];
}

/** The standard fields as form fields, made once: every capture checks them. */
const STANDARD_FORM_FIELDS = STANDARD_LEAD_FIELDS.map((standard) => ({
  name: standard.name,
  field: createFormField(standard.type, standard.name, {
    required: standard.required,
    max_length: standard.max_length,
  }),
}));

export interface StandardLeadResult {
  /** Every standard field, '' when not answered; email lower-cased. */
  values: Record<StandardLeadFieldName, string>;
  errors: FieldErrors;
}

/** The standard fields of a capture (top level of the body), by the same rules as custom fields. */
export function validateStandardLeadFields(input: unknown): StandardLeadResult {
  const source = isRecord(input) ? input : {};
  const values = {} as Record<StandardLeadFieldName, string>;
  const errors: FieldErrors = {};
  for (const { name, field } of STANDARD_FORM_FIELDS) {
    const result = validateAnswer(field, Object.hasOwn(source, name) ? source[name] : undefined);
    values[name] = typeof result.value === 'string' ? result.value : '';
    if (result.errors.length > 0) errors[name] = result.errors;
  }
  return { values, errors };
}

// --- safe patterns ------------------------------------------------------------------------
//
// A form author may give a text answer a regular expression. Run by a backtracking engine (V8's
// Irregexp, every browser's), a pattern such as (a+)+$ takes exponential time on a crafted
// answer, and even a\d*\d*\d*… takes polynomial time; one such answer would stall the server's
// event loop for every tenant. So a pattern is never run by RegExp against an answer:
//
// 1. checkPattern refuses, by static analysis, what backtracks catastrophically in a browser or
//    another backtracking engine: nested variable repetition ((a+)+, (a?){5}), repeated choices
//    whose options can start alike ((a|a)*, (a|ab)+), repeated parts that can match nothing,
//    counts above 1000, backreferences and lookarounds (which no linear engine can run), and
//    anything longer than 200 characters. It must also compile as a JavaScript RegExp with the
//    `u` flag (strict syntax, no Annex B surprises).
// 2. matchesPattern runs the pattern as a Thompson NFA (the RE2 approach): all alternatives
//    advance together, one input character at a time, so the time is at most program size ×
//    input length, whatever the pattern. The whole value must match (^(?:…)$ semantics).
//    Single characters, classes, escapes and \p{…} are still tested by RegExp, each against one
//    character, so their meaning is exactly JavaScript's.
// 3. Answers are capped at the field's maximum length (at most 5,000) before matching, the
//    program at 2,500 states, and a whole form's pattern work (patternWork) at 2 million steps
//    (about 25 ms of matching per submission at worst).
//
// Hand-written because packages/contracts may depend on zod alone and the capture page has no
// room for an RE2 port; the subset is small (no captures, no lookaround, no backreferences).

export type PatternCheck = { ok: true } | { ok: false; message: string };

type CodeRange = readonly [number, number];
type CodeRanges = readonly CodeRange[];

interface AtomNode {
  kind: 'atom';
  source: string;
  /** The code points it matches when they can be worked out; null for \p{…}. */
  ranges: CodeRanges | null;
}
interface AssertNode {
  kind: 'assert';
  at: 'start' | 'end' | 'word' | 'not_word';
}
interface SeqNode {
  kind: 'seq';
  items: PatternNode[];
}
interface AltNode {
  kind: 'alt';
  alts: PatternNode[];
}
interface RepeatNode {
  kind: 'repeat';
  body: PatternNode;
  min: number;
  max: number;
}
type PatternNode = AtomNode | AssertNode | SeqNode | AltNode | RepeatNode;

class PatternRejected extends Error {}

const MAX_CODE_POINT = 0x10ffff;
const MAX_PROGRAM_STATES = 2500;

function normalise(ranges: readonly CodeRange[]): CodeRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(ranges: CodeRanges): CodeRange[] {
  const out: CodeRange[] = [];
  let next = 0;
  for (const [lo, hi] of normalise(ranges)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

function rangesIntersect(a: CodeRanges, b: CodeRanges): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as CodeRange;
    const y = b[j] as CodeRange;
    if (x[1] < y[0]) i++;
    else if (y[1] < x[0]) j++;
    else return true;
  }
  return false;
}

const DIGITS: CodeRanges = [[0x30, 0x39]];
const WORD_CHARS: CodeRanges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACES: CodeRanges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: CodeRanges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

function classEscapeRanges(letter: string): CodeRanges | undefined {
  switch (letter) {
    case 'd':
      return DIGITS;
    case 'D':
      return complement(DIGITS);
    case 'w':
      return WORD_CHARS;
    case 'W':
      return complement(WORD_CHARS);
    case 's':
      return SPACES;
    case 'S':
      return complement(SPACES);
    default:
      return undefined;
  }
}

const HEX_VALUE = (text: string): number => Number.parseInt(text, 16);

/** Reads a character escape (`\n`, `\x41`, `\u{1F600}`, `\.` …) at `at` (the backslash). */
function readCharEscape(src: string, at: number): { cp: number; next: number } {
  const c = src[at + 1] ?? '';
  const simple: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11, '0': 0 };
  if (Object.hasOwn(simple, c)) return { cp: simple[c] ?? 0, next: at + 2 };
  if (c === 'c') return { cp: src.charCodeAt(at + 2) % 32, next: at + 3 };
  if (c === 'x') return { cp: HEX_VALUE(src.slice(at + 2, at + 4)), next: at + 4 };
  if (c === 'u') {
    if (src[at + 2] === '{') {
      const close = src.indexOf('}', at + 3);
      return { cp: HEX_VALUE(src.slice(at + 3, close)), next: close + 1 };
    }
    const cp = HEX_VALUE(src.slice(at + 2, at + 6));
    const low = src.startsWith('\\u', at + 6) ? HEX_VALUE(src.slice(at + 8, at + 12)) : NaN;
    if (cp >= 0xd800 && cp <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
      return { cp: (cp - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000, next: at + 12 };
    }
    return { cp, next: at + 6 };
  }
  const cp = src.codePointAt(at + 1) ?? 0;
  return { cp, next: at + 1 + (cp > 0xffff ? 2 : 1) };
}

type ClassAtom = { cp: number; next: number } | { set: CodeRanges | null; next: number };

function readClassAtom(src: string, at: number): ClassAtom {
  if (src[at] !== '\\') {
    const cp = src.codePointAt(at) ?? 0;
    return { cp, next: at + (cp > 0xffff ? 2 : 1) };
  }
  const letter = src[at + 1] ?? '';
  const set = classEscapeRanges(letter);
  if (set !== undefined) return { set, next: at + 2 };
  if (letter === 'p' || letter === 'P') return { set: null, next: src.indexOf('}', at) + 1 };
  if (letter === 'b') return { cp: 8, next: at + 2 };
  return readCharEscape(src, at);
}

/** Reads `[…]` at `at`; valid `u` syntax is assumed (RegExp checked it first). */
function readClass(src: string, at: number): { node: AtomNode; next: number } {
  let i = at + 1;
  const negated = src[i] === '^';
  if (negated) i++;
  const parts: CodeRange[] = [];
  let known = true;
  while (i < src.length && src[i] !== ']') {
    const a = readClassAtom(src, i);
    i = a.next;
    if ('cp' in a && src[i] === '-' && i + 1 < src.length && src[i + 1] !== ']') {
      const b = readClassAtom(src, i + 1);
      i = b.next;
      if ('cp' in b) parts.push([a.cp, b.cp]);
      else known = false;
    } else if ('cp' in a) parts.push([a.cp, a.cp]);
    else if (a.set === null) known = false;
    else parts.push(...a.set);
  }
  if (src[i] !== ']') throw new PatternRejected(FORM_MESSAGES.patternUnsupported);
  const ranges = known ? (negated ? complement(parts) : normalise(parts)) : null;
  return { node: { kind: 'atom', source: src.slice(at, i + 1), ranges }, next: i + 1 };
}

/** A recursive-descent reader of the supported subset of `u`-flag regular expressions. */
class PatternReader {
  private pos = 0;
  constructor(private readonly src: string) {}

  read(): PatternNode {
    const node = this.disjunction();
    if (this.pos < this.src.length) throw new PatternRejected(FORM_MESSAGES.patternUnsupported);
    return node;
  }

  private peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  private disjunction(): PatternNode {
    const alts = [this.alternative()];
    while (this.peek() === '|') {
      this.pos++;
      alts.push(this.alternative());
    }
    return alts.length === 1 ? (alts[0] as PatternNode) : { kind: 'alt', alts };
  }

  private alternative(): PatternNode {
    const items: PatternNode[] = [];
    while (this.pos < this.src.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.term());
    return { kind: 'seq', items };
  }

  private term(): PatternNode {
    const c = this.peek();
    if (c === '^' || c === '$') {
      this.pos++;
      return { kind: 'assert', at: c === '^' ? 'start' : 'end' };
    }
    if (c === '\\' && (this.peek(1) === 'b' || this.peek(1) === 'B')) {
      this.pos += 2;
      return { kind: 'assert', at: this.src[this.pos - 1] === 'b' ? 'word' : 'not_word' };
    }
    return this.quantified(this.atom());
  }

  private atom(): PatternNode {
    const start = this.pos;
    const c = this.peek();
    if (c === '(') return this.group();
    if (c === '[') {
      const { node, next } = readClass(this.src, start);
      this.pos = next;
      return node;
    }
    if (c === '.') {
      this.pos++;
      return { kind: 'atom', source: '.', ranges: complement(LINE_TERMINATORS) };
    }
    if (c === '\\') {
      const letter = this.peek(1);
      if (/[1-9]/.test(letter) || letter === 'k') throw new PatternRejected(FORM_MESSAGES.patternBackreference);
      const set = classEscapeRanges(letter);
      if (set !== undefined) {
        this.pos += 2;
        return { kind: 'atom', source: this.src.slice(start, this.pos), ranges: set };
      }
      if (letter === 'p' || letter === 'P') {
        this.pos = this.src.indexOf('}', start) + 1;
        return { kind: 'atom', source: this.src.slice(start, this.pos), ranges: null };
      }
      const { cp, next } = readCharEscape(this.src, start);
      this.pos = next;
      return { kind: 'atom', source: this.src.slice(start, next), ranges: [[cp, cp]] };
    }
    const cp = this.src.codePointAt(start) ?? 0;
    this.pos += cp > 0xffff ? 2 : 1;
    return { kind: 'atom', source: this.src.slice(start, this.pos), ranges: [[cp, cp]] };
  }

  private group(): PatternNode {
    const rest = this.src.slice(this.pos, this.pos + 4);
    if (/^\(\?(?:=|!|<=|<!)/.test(rest)) throw new PatternRejected(FORM_MESSAGES.patternLookaround);
    if (rest.startsWith('(?:')) this.pos += 3;
    else if (rest.startsWith('(?<')) this.pos = this.src.indexOf('>', this.pos) + 1;
    else if (rest.startsWith('(?')) throw new PatternRejected(FORM_MESSAGES.patternUnsupported);
    else this.pos++;
    const body = this.disjunction();
    if (this.peek() !== ')') throw new PatternRejected(FORM_MESSAGES.patternUnsupported);
    this.pos++;
    return body;
  }

  private quantified(body: PatternNode): PatternNode {
    let min: number;
    let max: number;
    const c = this.peek();
    if (c === '*' || c === '+' || c === '?') {
      this.pos++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
      if (m === null) throw new PatternRejected(FORM_MESSAGES.patternUnsupported);
      this.pos += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' || m[3] === undefined ? Infinity : Number(m[3]);
    } else {
      return body;
    }
    if (this.peek() === '?') this.pos++; // lazy or greedy: the same set of matches
    const limit = FORM_LIMITS.patternMaxRepeat;
    if (min > limit || (max !== Infinity && max > limit)) {
      throw new PatternRejected(FORM_MESSAGES.patternRepeatTooLarge(limit));
    }
    return { kind: 'repeat', body, min, max };
  }
}

/** The atoms a match of `node` can start with, and whether it can match the empty string. */
function firstAtoms(node: PatternNode): { atoms: AtomNode[]; nullable: boolean } {
  switch (node.kind) {
    case 'atom':
      return { atoms: [node], nullable: false };
    case 'assert':
      return { atoms: [], nullable: true };
    case 'repeat': {
      const body = firstAtoms(node.body);
      return { atoms: body.atoms, nullable: body.nullable || node.min === 0 };
    }
    case 'alt': {
      const each = node.alts.map(firstAtoms);
      return { atoms: each.flatMap((f) => f.atoms), nullable: each.some((f) => f.nullable) };
    }
    case 'seq': {
      const atoms: AtomNode[] = [];
      for (const item of node.items) {
        const first = firstAtoms(item);
        atoms.push(...first.atoms);
        if (!first.nullable) return { atoms, nullable: false };
      }
      return { atoms, nullable: true };
    }
  }
}

const atomTests = new Map<string, RegExp>();
function atomTest(source: string): RegExp {
  let test = atomTests.get(source);
  if (test === undefined) {
    test = new RegExp(`^(?:${source})$`, 'u');
    if (atomTests.size > 1000) atomTests.clear();
    atomTests.set(source, test);
  }
  return test;
}

function singleCodePoint(atom: AtomNode): number | null {
  const only = atom.ranges?.length === 1 ? atom.ranges[0] : undefined;
  return only !== undefined && only[0] === only[1] ? only[0] : null;
}

/** Whether some character matches both atoms; true when that cannot be worked out (\p vs \p). */
function atomsOverlap(a: AtomNode, b: AtomNode): boolean {
  if (a.ranges !== null && b.ranges !== null) return rangesIntersect(a.ranges, b.ranges);
  const ca = singleCodePoint(a);
  if (ca !== null) return atomTest(b.source).test(String.fromCodePoint(ca));
  const cb = singleCodePoint(b);
  if (cb !== null) return atomTest(a.source).test(String.fromCodePoint(cb));
  return true;
}

/** Rejects what a backtracking engine could take exponential time on (see the comment above). */
function analyse(node: PatternNode, repeated: boolean): void {
  switch (node.kind) {
    case 'atom':
    case 'assert':
      return;
    case 'seq':
      for (const item of node.items) analyse(item, repeated);
      return;
    case 'alt':
      if (repeated) {
        const firsts = node.alts.map(firstAtoms);
        if (firsts.some((f) => f.nullable)) throw new PatternRejected(FORM_MESSAGES.patternEmptyRepeat);
        firsts.forEach((f, i) => {
          for (const g of firsts.slice(i + 1)) {
            if (f.atoms.some((a) => g.atoms.some((b) => atomsOverlap(a, b)))) {
              throw new PatternRejected(FORM_MESSAGES.patternOverlappingChoice);
            }
          }
        });
      }
      for (const alt of node.alts) analyse(alt, repeated);
      return;
    case 'repeat': {
      if (repeated && node.min !== node.max) throw new PatternRejected(FORM_MESSAGES.patternNestedRepeat);
      const repeats = node.max > 1;
      if (repeats && firstAtoms(node.body).nullable) throw new PatternRejected(FORM_MESSAGES.patternEmptyRepeat);
      analyse(node.body, repeated || repeats);
      return;
    }
  }
}

// The program: a Thompson NFA in flat typed arrays, one state per atom, split or assertion.
const OP_MATCH = 0;
const OP_CHAR = 1;
const OP_SPLIT = 2;
const OP_ASSERT = 3;
const ASSERTIONS: readonly AssertNode['at'][] = ['start', 'end', 'word', 'not_word'];

interface Program {
  size: number;
  op: Uint8Array;
  /** The next state; for a split, its first branch. */
  out: Int32Array;
  /** A split's second branch. */
  out2: Int32Array;
  /** The atom of a char state, the index in ASSERTIONS of an assertion. */
  arg: Int32Array;
  start: number;
  atoms: RegExp[];
}

function buildProgram(root: PatternNode): Program {
  const op: number[] = [OP_MATCH];
  const out: number[] = [0];
  const out2: number[] = [0];
  const arg: number[] = [0];
  const atomIds = new Map<string, number>();
  const atoms: RegExp[] = [];
  const add = (code: number, next: number, second = 0, argument = 0): number => {
    if (op.length >= MAX_PROGRAM_STATES) throw new PatternRejected(FORM_MESSAGES.patternTooComplex);
    op.push(code);
    out.push(next);
    out2.push(second);
    arg.push(argument);
    return op.length - 1;
  };
  // Built back to front: each node is compiled knowing the state that follows it.
  const compile = (node: PatternNode, next: number): number => {
    switch (node.kind) {
      case 'atom': {
        let id = atomIds.get(node.source);
        if (id === undefined) {
          id = atoms.push(atomTest(node.source)) - 1;
          atomIds.set(node.source, id);
        }
        return add(OP_CHAR, next, 0, id);
      }
      case 'assert':
        return add(OP_ASSERT, next, 0, ASSERTIONS.indexOf(node.at));
      case 'seq':
        return node.items.reduceRight((follow, item) => compile(item, follow), next);
      case 'alt':
        return node.alts.map((alt) => compile(alt, next)).reduceRight((rest, entry) => add(OP_SPLIT, entry, rest));
      case 'repeat': {
        let entry = next;
        if (node.max === Infinity) {
          const loop = add(OP_SPLIT, next, next);
          out[loop] = compile(node.body, loop);
          entry = loop;
        } else {
          // x{0,k} as (x(x(x)?)?)?, built from the innermost copy out.
          for (let i = node.min; i < node.max; i++) entry = add(OP_SPLIT, compile(node.body, entry), next);
        }
        for (let i = 0; i < node.min; i++) entry = compile(node.body, entry);
        return entry;
      }
    }
  };
  const start = compile(root, 0);
  return {
    size: op.length,
    op: Uint8Array.from(op),
    out: Int32Array.from(out),
    out2: Int32Array.from(out2),
    arg: Int32Array.from(arg),
    start,
    atoms,
  };
}

const WORD_CHAR = /^\w$/;

/**
 * Whether the whole of `input` matches. Every live state advances one character at a time and
 * each state is visited at most once per character, so the work is at most size × length.
 */
function runProgram(program: Program, input: string): boolean {
  const { size, op, out, out2, arg, atoms } = program;
  const chars = Array.from(input);
  const isWord = (pos: number): boolean => pos >= 0 && pos < chars.length && WORD_CHAR.test(chars[pos] ?? '');
  const holds = (assertion: number, pos: number): boolean => {
    if (assertion === 0) return pos === 0;
    if (assertion === 1) return pos === chars.length;
    const boundary = isWord(pos - 1) !== isWord(pos);
    return assertion === 2 ? boundary : !boundary;
  };
  const seen = new Int32Array(size).fill(-1);
  const stack = new Int32Array(size);
  let current = new Int32Array(size);
  let next = new Int32Array(size);
  let currentLength = 0;
  let nextLength = 0;
  let step = 0;
  // Follows splits and assertions from `from` at `pos`, adding the states that wait for a
  // character (or the match) to `next`. A state is marked when pushed, so the stack never
  // holds more than `size` entries.
  const push = (target: number): void => {
    if (seen[target] === step) return;
    seen[target] = step;
    stack[top++] = target;
  };
  let top = 0;
  const follow = (from: number, pos: number): void => {
    push(from);
    while (top > 0) {
      const id = stack[--top] ?? 0;
      const code = op[id];
      if (code === OP_SPLIT) {
        push(out2[id] ?? 0);
        push(out[id] ?? 0);
      } else if (code === OP_ASSERT) {
        if (holds(arg[id] ?? 0, pos)) push(out[id] ?? 0);
      } else {
        next[nextLength++] = id;
      }
    }
  };
  follow(program.start, 0);
  const verdicts = new Int8Array(atoms.length);
  for (let pos = 0; pos < chars.length; pos++) {
    [current, next] = [next, current];
    currentLength = nextLength;
    nextLength = 0;
    if (currentLength === 0) return false;
    const ch = chars[pos] ?? '';
    // One RegExp test per distinct atom and character, however many states share the atom.
    verdicts.fill(0);
    step++;
    for (let i = 0; i < currentLength; i++) {
      const id = current[i] ?? 0;
      if (op[id] !== OP_CHAR) continue;
      const atom = arg[id] ?? 0;
      if (verdicts[atom] === 0) verdicts[atom] = atoms[atom]?.test(ch) === true ? 1 : 2;
      if (verdicts[atom] === 1) follow(out[id] ?? 0, pos + 1);
    }
  }
  for (let i = 0; i < nextLength; i++) if (op[next[i] ?? 0] === OP_MATCH) return true;
  return false;
}

type Compiled = { ok: true; program: Program } | { ok: false; message: string };
const compiledPatterns = new Map<string, Compiled>();

function isRegExpSyntax(pattern: string): boolean {
  try {
    // Alone first: "a)|(b" is invalid alone but would be valid, and unanchored, once wrapped.
    new RegExp(pattern, 'u');
    new RegExp(`^(?:${pattern})$`, 'u');
    return true;
  } catch {
    return false;
  }
}

function compileUncached(pattern: string): Compiled {
  if (pattern.length > FORM_LIMITS.patternMaxLength) {
    return { ok: false, message: FORM_MESSAGES.maxLength(FORM_LIMITS.patternMaxLength) };
  }
  if (!isRegExpSyntax(pattern)) return { ok: false, message: FORM_MESSAGES.patternInvalid };
  try {
    const root = new PatternReader(pattern).read();
    analyse(root, false);
    return { ok: true, program: buildProgram(root) };
  } catch (error) {
    if (error instanceof PatternRejected) return { ok: false, message: error.message };
    throw error;
  }
}

function compilePattern(pattern: string): Compiled {
  let compiled = compiledPatterns.get(pattern);
  if (compiled === undefined) {
    compiled = compileUncached(pattern);
    // A small cache: the same few patterns are checked on every submission of a form.
    if (compiledPatterns.size >= 500) compiledPatterns.clear();
    compiledPatterns.set(pattern, compiled);
  }
  return compiled;
}

/** Whether `pattern` is safe to accept on a form field; an empty pattern means "no pattern". */
export function checkPattern(pattern: string): PatternCheck {
  if (pattern === '') return { ok: true };
  const compiled = compilePattern(pattern);
  return compiled.ok ? { ok: true } : { ok: false, message: compiled.message };
}

/**
 * Whether the whole of `value` matches `pattern` (as `^(?:pattern)$` with the `u` flag would),
 * in time linear in the value. False for a pattern checkPattern refuses and for a value longer
 * than FORM_LIMITS.answerMaxLength.
 */
export function matchesPattern(pattern: string, value: string): boolean {
  if (value.length > FORM_LIMITS.answerMaxLength) return false;
  const compiled = compilePattern(pattern);
  return compiled.ok && runProgram(compiled.program, value);
}

/** The worst-case matching work of a field's pattern per answer (program size × answer cap). */
export function patternWork(field: FormField): number {
  if (field.pattern === '' || !TEXT_ANSWER_TYPES.includes(field.type)) return 0;
  const compiled = compilePattern(field.pattern);
  return compiled.ok ? compiled.program.size * answerMaxLength(field) : 0;
}
