import { z } from 'zod';
import { EMAIL_PATTERN, FORM_MESSAGES, PHONE_PATTERN, URL_PATTERN } from './form-fields.ts';
import { EMAIL_MAX_LENGTH } from './sign-in-rules.ts';

/** Building blocks shared by the contract schemas, with the catalogue's wording. */
export const MESSAGES = {
  // One wording for the zod schemas and the zod-free form engine (form-fields.ts).
  required: FORM_MESSAGES.required,
  email: FORM_MESSAGES.email,
  url: FORM_MESSAGES.url,
  phone: FORM_MESSAGES.phone,
  color: 'Enter a valid hex colour such as #1a73e8',
  maxLength: FORM_MESSAGES.maxLength,
} as const;

/** A required, trimmed text with a maximum length (every text input has one, 03-decisions §5). */
export function requiredText(max: number) {
  return z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.maxLength(max));
}

/** An optional text: absent, null or empty all mean "no value" and are stored as ''. */
export function optionalText(max: number) {
  return z.string().trim().max(max, MESSAGES.maxLength(max));
}

/**
 * A failed "empty or X" union says why X failed ("Enter a valid email address"), not zod's
 * "Invalid input" of the union: the message of the first branch whose failure is about the
 * value's content rather than its being another type or literal.
 */
function branchMessage(issue: { errors?: readonly (readonly { code: string; message: string }[])[] }) {
  for (const branch of issue.errors ?? []) {
    const telling = branch.find((inner) => inner.code !== 'invalid_value' && inner.code !== 'invalid_type');
    if (telling !== undefined && telling.message !== '') return telling.message;
  }
  return undefined;
}

export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(EMAIL_MAX_LENGTH, MESSAGES.maxLength(EMAIL_MAX_LENGTH))
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: MESSAGES.email }))
  .transform((v) => v.toLowerCase());

export const phoneSchema = z
  .string()
  .trim()
  .max(32, MESSAGES.maxLength(32))
  .refine((v) => v === '' || PHONE_PATTERN.test(v), MESSAGES.phone);

export const urlSchema = z
  .string()
  .trim()
  .max(500, MESSAGES.maxLength(500))
  .refine((v) => v === '' || URL_PATTERN.test(v), MESSAGES.url);

export const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.color);

/** An ISO 8601 calendar date alone, as a date-time input may be (see dateTimeInputSchema). */
export const CALENDAR_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date-time input (03-decisions §3): an ISO 8601 date-time with `Z` or an offset, or a calendar
 * date alone (`2027-05-10`), which the server reads as midnight in the organisation's timezone.
 * The value stays the string sent: only the server knows the organisation's timezone.
 */
export function dateTimeInputSchema(error = 'Enter a valid date and time') {
  return z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error });
}

export const uuidSchema = z.uuid();
export const idParamsSchema = z.object({ id: z.uuid() });

/** An email address or '' (null is read as ''): a field that may be left empty. */
export const optionalEmailSchema = z.preprocess(
  (v) => (v === null ? '' : v),
  z.union([z.literal(''), emailSchema], {
    error: (issue) => branchMessage(issue as Parameters<typeof branchMessage>[0]),
  }),
);
