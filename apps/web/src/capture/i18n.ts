import { FORM_MESSAGES } from '@leadcapture/contracts/form-fields';
import type { FormRendererMessages } from '../components/form-renderer/form-renderer.tsx';
import { languageFromPath, type Language } from '../i18n/language.ts';
import en from './locales/en.json';
import sv from './locales/sv.json';

/**
 * The capture page's own strings: two small catalogues and a `t()`, not i18next (≈ 15 KB gzip,
 * a quarter of the page's budget). Same rule as the app: the URL decides the language
 * (/capture/… English, /sv/capture/… Swedish). locales/en.json is the source; i18n.test.ts fails
 * on a missing or extra Swedish key or a changed placeholder.
 */

export type MessageKey = keyof typeof en;
export type Values = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, values?: Values) => string;

const catalogues: Record<Language, Record<MessageKey, string>> = { en, sv };

export { languageFromPath, type Language };

/** `{name}` placeholders are replaced by `values`; an unknown placeholder stays visible. */
export function interpolate(template: string, values: Values = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export function createTranslator(language: Language): Translate {
  const catalogue = catalogues[language];
  return (key, values) => interpolate(catalogue[key], values);
}

export function catalogueOf(language: Language): Readonly<Record<MessageKey, string>> {
  return catalogues[language];
}

/** The answer messages of the form engine (the definition's messages never reach a visitor). */
const ANSWER_MESSAGES = {
  required: [],
  email: [],
  url: [],
  phone: [],
  number: [],
  date: [],
  time: [],
  choice: [],
  file: [],
  invalid: [],
  patternMismatch: [],
  minLength: ['n'],
  maxLength: ['n'],
  between: ['min', 'max'],
} as const satisfies Partial<Record<keyof typeof FORM_MESSAGES, readonly string[]>>;

type AnswerMessage = keyof typeof ANSWER_MESSAGES;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Recognisers of the contract's English texts, built from FORM_MESSAGES itself: a function
 * message is called with sentinel numbers that then become the capture groups. So a change of
 * wording in the contract cannot silently stop the translation (i18n.test.ts also checks).
 */
const recognisers = (Object.keys(ANSWER_MESSAGES) as AnswerMessage[]).map((key) => {
  const names: readonly string[] = ANSWER_MESSAGES[key];
  const message: unknown = FORM_MESSAGES[key];
  if (typeof message === 'string') return { key, names, pattern: new RegExp(`^${escapeRegExp(message)}$`) };
  const sentinels = names.map((_, i) => 987_650 + i);
  const sample = (message as (...n: number[]) => string)(...sentinels);
  let source = escapeRegExp(sample);
  for (const sentinel of sentinels) source = source.replace(String(sentinel), '(\\d+)');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * A message of the form engine (from validateAnswer on the page, or a 422 of the server, which
 * runs the same code) in the page's language. Anything unrecognised is shown as it came.
 */
export function translateFormMessage(message: string, t: Translate): string {
  for (const { key, names, pattern } of recognisers) {
    const match = pattern.exec(message);
    if (match === null) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
    return t(`validation.${key}`, values);
  }
  return message;
}

export function rendererMessages(t: Translate): FormRendererMessages {
  return {
    required: t('renderer.required'),
    choose: t('renderer.choose'),
    ratingStar: (value, max) => t('renderer.ratingStar', { value, max }),
    clearRating: t('renderer.clearRating'),
    watchVideo: t('renderer.watchVideo'),
    opensInNewTab: t('renderer.opensInNewTab'),
  };
}
