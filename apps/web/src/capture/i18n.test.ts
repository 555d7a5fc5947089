import { FORM_MESSAGES } from '@leadcapture/contracts/form-fields';
import { describe, expect, it } from 'vitest';
import { catalogueOf, createTranslator, interpolate, translateFormMessage, type MessageKey } from './i18n.ts';
import en from './locales/en.json';
import sv from './locales/sv.json';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the capture page catalogue', () => {
  it('has every English key in Swedish and nothing more, none empty, with the same placeholders', () => {
    expect(Object.keys(sv).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(en[key].trim(), key).not.toBe('');
      expect(sv[key].trim(), key).not.toBe('');
      expect(placeholders(sv[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('keeps the promise of spec 01 §9: a follow-up within 1 business day', () => {
    expect(en['thanks.message']).toContain('within 1 business day');
    expect(en['pending.message']).toContain('within 1 business day');
    expect(sv['thanks.message']).toContain('inom 1 arbetsdag');
    expect(sv['pending.message']).toContain('inom 1 arbetsdag');
  });

  it('reuses the app catalogue for the network and server errors (spec 02 §8)', async () => {
    const appEn = (await import('../locales/en/errors.json')).default;
    const appSv = (await import('../locales/sv/errors.json')).default;
    expect(en['error.network']).toBe(appEn.api.network);
    expect(en['error.server']).toBe(appEn.api.server);
    expect(en['error.timeout']).toBe(appEn.api.timeout);
    expect(en['form.errorSummary']).toBe(appEn.api.validation);
    expect(en['error.retry']).toBe(appEn.generic.tryAgain);
    expect(sv['error.network']).toBe(appSv.api.network);
    expect(sv['error.server']).toBe(appSv.api.server);
    expect(sv['error.timeout']).toBe(appSv.api.timeout);
    expect(sv['form.errorSummary']).toBe(appSv.api.validation);
    expect(sv['error.retry']).toBe(appSv.generic.tryAgain);
  });

  it('interpolates placeholders and leaves unknown ones visible', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(createTranslator('sv')('renderer.ratingStar', { value: 3, max: 5 })).toBe('3 av 5 stjärnor');
  });
});

describe('translateFormMessage', () => {
  const answerMessages = [
    FORM_MESSAGES.required,
    FORM_MESSAGES.email,
    FORM_MESSAGES.url,
    FORM_MESSAGES.phone,
    FORM_MESSAGES.number,
    FORM_MESSAGES.date,
    FORM_MESSAGES.time,
    FORM_MESSAGES.choice,
    FORM_MESSAGES.file,
    FORM_MESSAGES.invalid,
    FORM_MESSAGES.patternMismatch,
    FORM_MESSAGES.minLength(3),
    FORM_MESSAGES.maxLength(150),
    FORM_MESSAGES.between(1, 5),
  ];

  it('says the English catalogue exactly as the contract does', () => {
    const t = createTranslator('en');
    for (const message of answerMessages) expect(translateFormMessage(message, t)).toBe(message);
    expect(catalogueOf('en')['validation.between']).toBe(
      FORM_MESSAGES.between(NaN, NaN).replaceAll('NaN', '{n}').replace('{n}', '{min}').replace('{n}', '{max}'),
    );
  });

  it('translates every answer message of the form engine into Swedish, numbers kept', () => {
    const t = createTranslator('sv');
    for (const message of answerMessages) {
      const swedish = translateFormMessage(message, t);
      expect(swedish, message).not.toBe(message);
    }
    expect(translateFormMessage(FORM_MESSAGES.maxLength(150), t)).toBe('Fältet får innehålla högst 150 tecken');
    expect(translateFormMessage(FORM_MESSAGES.between(1, 10), t)).toBe('Ange ett värde mellan 1 och 10');
  });

  it('passes an unknown message through unchanged', () => {
    expect(translateFormMessage('Something new', createTranslator('sv'))).toBe('Something new');
  });
});
