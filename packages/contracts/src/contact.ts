import { z } from 'zod';
import { UI_LANGUAGES } from './constants.ts';
import { emailSchema, optionalText, requiredText } from './fields.ts';

/** Hidden field of the contact form: people leave it empty, form-filling bots do not. */
export const CONTACT_HONEYPOT = 'website_url';

export const CONTACT_LIMITS = { name: 120, company: 160, subject: 160, message: 5000 } as const;

/** POST /contact/ (spec 01 §2 /contact): a message to the support team, answered within 24 hours. */
export const contactMessageSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: emailSchema,
  company: optionalText(CONTACT_LIMITS.company).default(''),
  subject: requiredText(CONTACT_LIMITS.subject),
  message: requiredText(CONTACT_LIMITS.message),
  language: z.enum(UI_LANGUAGES).default('en'),
  [CONTACT_HONEYPOT]: z.string().max(500).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({
  /** Reference of the message, quoted in the mail to the support team. */
  reference: z.string(),
});
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
