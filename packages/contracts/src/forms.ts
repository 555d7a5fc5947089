import { z } from 'zod';
import {
  answerMaxLength,
  checkPattern,
  createFieldId,
  CONTENT_REQUIRED_TYPES,
  defaultAnswer,
  FIELD_ID_PATTERN,
  FIELD_WIDTHS,
  FORM_FIELD_DEFAULTS,
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  FORM_MESSAGES,
  type FormField,
  hasControlChars,
  isInputField,
  isMultiChoice,
  LABEL_REQUIRED_TYPES,
  OPTION_REQUIRED_TYPES,
  patternWork,
  RESERVED_FIELD_IDS,
  TEXT_ANSWER_TYPES,
  URL_PATTERN,
  URL_REQUIRED_TYPES,
  validateAnswer,
} from './form-fields.ts';

/**
 * The zod side of the form engine: the *definition* of a form as the builder saves it (the
 * `form_fields` of events and offers). Answers to a form are checked by validateSubmission in
 * form-fields.ts, which has no zod so that the public capture page stays small.
 *
 * Issues carry paths relative to the array (`2.label`, `0.options.1`); the server prefixes the
 * body key, so a 422 reads `form_fields.2.label`.
 */

const L = FORM_LIMITS;
const M = FORM_MESSAGES;

/** A trimmed text with a maximum length, '' when absent. */
function text(max: number) {
  return z
    .string({ error: M.invalid })
    .trim()
    .max(max, M.maxLength(max))
    .refine((v) => !hasControlChars(v), M.invalid)
    .default('');
}

function boundedInt(min: number, max: number, fallback: number) {
  const message = M.between(min, max);
  return z.int({ error: message }).min(min, message).max(max, message).default(fallback);
}

const fieldIdSchema = z
  .string({ error: M.required })
  .min(1, { error: M.required, abort: true })
  .max(L.idMaxLength, M.maxLength(L.idMaxLength))
  .regex(FIELD_ID_PATTERN, M.fieldIdInvalid)
  .refine((id) => !RESERVED_FIELD_IDS.includes(id), M.fieldIdReserved);

const lengthSchema = (min: number) =>
  z
    .int({ error: M.between(min, L.answerMaxLength) })
    .min(min, M.between(min, L.answerMaxLength))
    .max(L.answerMaxLength, M.between(min, L.answerMaxLength))
    .nullable()
    .default(null);

const D = FORM_FIELD_DEFAULTS;

/** The properties and their bounds, whatever the type (every text has a maximum length). */
const formFieldShape = z
  .object(
    {
      // 03-decisions §3: a field sent without an id gets one (newFieldSchema, formFieldsSchema).
      id: fieldIdSchema,
      type: z.enum(FORM_FIELD_TYPES, { error: M.choice }),
      label: text(L.labelMaxLength),
      content: text(L.contentMaxLength),
      placeholder: text(L.placeholderMaxLength),
      help_text: text(L.helpTextMaxLength),
      required: z.boolean({ error: M.invalid }).default(D.required),
      min_length: lengthSchema(0),
      max_length: lengthSchema(1),
      // Not trimmed: spaces are part of a pattern.
      pattern: z.string({ error: M.invalid }).max(L.patternMaxLength, M.maxLength(L.patternMaxLength)).default(''),
      options: z
        .array(z.string({ error: M.invalid }).trim().max(L.optionMaxLength, M.maxLength(L.optionMaxLength)), {
          error: M.invalid,
        })
        .max(L.maxOptions, M.maxOptions(L.maxOptions))
        .default(() => []),
      checkbox_text: text(L.checkboxTextMaxLength),
      heading_level: z.literal([1, 2, 3], { error: M.between(1, 3) }).default(D.heading_level),
      height: boundedInt(L.minSpacerHeight, L.maxSpacerHeight, D.height),
      width: z.enum(FIELD_WIDTHS, { error: M.choice }).default(D.width),
      default_value: text(L.answerMaxLength),
      max_rating: boundedInt(L.minMaxRating, L.maxMaxRating, D.max_rating),
      url: z
        .string({ error: M.invalid })
        .trim()
        .max(L.urlMaxLength, M.maxLength(L.urlMaxLength))
        // Any type: a javascript: address must never be stored, even on a field that ignores it.
        .refine((v) => v === '' || URL_PATTERN.test(v), M.url)
        .default(''),
      alt: text(L.altMaxLength),
    },
    // Keeps zod's "Unrecognized key" text, which names the key.
    { error: (issue) => (issue.code === 'invalid_type' ? M.invalid : undefined) },
  )
  .strict();

type Issue = (path: (string | number)[], message: string) => void;

/** The rules that depend on the type (spec 01 §5: "Field label is required", and the rest). */
function checkField(field: FormField, issue: Issue): void {
  const { type } = field;
  if (LABEL_REQUIRED_TYPES.includes(type) && field.label === '') issue(['label'], M.labelRequired);
  if (CONTENT_REQUIRED_TYPES.includes(type) && field.content === '') issue(['content'], M.required);
  if (URL_REQUIRED_TYPES.includes(type) && field.url === '') issue(['url'], M.required);

  const choices = type === 'select' || type === 'radio' || isMultiChoice(field);
  if (OPTION_REQUIRED_TYPES.includes(type) && field.options.length === 0) issue(['options'], M.optionsRequired);
  if (choices || type === 'features_list') {
    field.options.forEach((option, i) => {
      if (option === '') issue(['options', i], M.optionEmpty);
      // One option per line is how a checkbox group's default_value lists its ticked options.
      else if (/[\r\n]/.test(option)) issue(['options', i], M.optionSingleLine);
      else if (hasControlChars(option)) issue(['options', i], M.invalid);
      else if (choices && field.options.indexOf(option) < i) issue(['options', i], M.optionDuplicate);
    });
  }

  // A default is checked against the pattern only when the pattern itself is usable.
  const patternOk = checkPattern(field.pattern).ok;
  if (TEXT_ANSWER_TYPES.includes(type)) {
    const cap = answerMaxLength(field);
    if (field.min_length !== null && field.max_length !== null && field.min_length > field.max_length) {
      issue(['min_length'], M.lengthRange);
    } else if (field.min_length !== null && field.min_length > cap) {
      issue(['min_length'], M.between(0, cap));
    }
    if (field.pattern !== '' && field.pattern.length <= L.patternMaxLength) {
      const check = checkPattern(field.pattern);
      if (!check.ok) issue(['pattern'], check.message);
      else if (patternWork(field) > L.patternWorkPerForm) issue(['pattern'], M.patternTooComplex);
    }
  }

  // A default must itself be a valid answer (an option of a select, a real date …).
  const defaultChecked = field.default_value !== '' && field.default_value.length <= L.answerMaxLength;
  if (isInputField(field) && defaultChecked && patternOk) {
    if (type === 'file') issue(['default_value'], M.invalid);
    else {
      const result = validateAnswer({ ...field, required: false }, defaultAnswer(field));
      for (const message of result.errors) issue(['default_value'], message);
    }
  }
}

/** One field of a form definition; omitted properties take their defaults. */
export const formFieldSchema = formFieldShape.superRefine((field, ctx) => {
  checkField(field, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
});
export type FormFieldInput = z.input<typeof formFieldSchema>;

const isField = (item: unknown): item is Record<string, unknown> => typeof item === 'object' && item !== null;

/**
 * One field added to a form: sent without an id it gets a new one (03-decisions §3), made before
 * the schema reads it. Not a zod default: the OpenAPI document would print a random id as one.
 */
export const newFieldSchema = z.preprocess(
  (value) => (isField(value) && value.id === undefined ? { ...value, id: createFieldId([]) } : value),
  formFieldSchema,
);

/**
 * Fields sent without an id get a new one, unlike the ids of all other fields of the form
 * (03-decisions §3). Anything else is left for the schema to judge.
 */
function withFieldIds(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const items: readonly unknown[] = value;
  const taken = items.flatMap((item) => (isField(item) && typeof item.id === 'string' ? [item.id] : []));
  return items.map((item) => {
    if (!isField(item) || item.id !== undefined) return item;
    const id = createFieldId(taken);
    taken.push(id);
    return { ...item, id };
  });
}

/** The fields of a form: at most FORM_LIMITS.maxFields, ids unique, pattern work bounded. */
export const formFieldsSchema = z.preprocess(
  withFieldIds,
  z
    .array(formFieldSchema, { error: M.invalid })
    .max(L.maxFields, M.maxFields(L.maxFields))
    .superRefine(
      (fields, ctx) => {
        // Runs even when some fields have errors of their own (see `when`), so a duplicate id is
        // reported together with them; such fields may be half-parsed, so they are read with care
        // and their patterns are not weighed.
        const broken = new Set(ctx.issues.map((issue) => issue.path?.[0]));
        const items: readonly unknown[] = fields;
        const seen = new Set<string>();
        let work = 0;
        items.forEach((item, i) => {
          const id = typeof item === 'object' && item !== null && 'id' in item ? item.id : undefined;
          if (typeof id === 'string') {
            if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: M.fieldIdDuplicate });
            seen.add(id);
          }
          const field = fields[i];
          if (broken.has(i) || field === undefined) return;
          const own = patternWork(field);
          // A field over the budget on its own was reported by formFieldSchema; otherwise the
          // field that tips the form over it is reported, once.
          if (own > L.patternWorkPerForm) return;
          const before = work;
          work += own;
          if (before <= L.patternWorkPerForm && work > L.patternWorkPerForm) {
            ctx.addIssue({ code: 'custom', path: [i, 'pattern'], message: M.patternTooComplex });
          }
        });
      },
      { when: (payload) => Array.isArray(payload.value) },
    ),
);

/**
 * A stored field as answered by the API: the plain shape, without the builder's rules, so that a
 * response never fails on a definition saved under older rules.
 */
export const formFieldResponseSchema = z.object({
  id: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  content: z.string(),
  placeholder: z.string(),
  help_text: z.string(),
  required: z.boolean(),
  min_length: z.int().nullable(),
  max_length: z.int().nullable(),
  pattern: z.string(),
  options: z.array(z.string()),
  checkbox_text: z.string(),
  heading_level: z.literal([1, 2, 3]),
  height: z.int(),
  width: z.enum(FIELD_WIDTHS),
  default_value: z.string(),
  max_rating: z.int(),
  url: z.string(),
  alt: z.string(),
});
