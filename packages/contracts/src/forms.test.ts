import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  createFormField,
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  FORM_MESSAGES,
  type FormField,
  type FormFieldType,
  INPUT_FIELD_TYPES,
  patternWork,
} from './form-fields.ts';
import {
  type FormFieldInput,
  formFieldResponseSchema,
  formFieldSchema,
  formFieldsSchema,
  newFieldSchema,
} from './forms.ts';

const M = FORM_MESSAGES;
const L = FORM_LIMITS;

/** The smallest valid definition of each type. */
const MINIMAL: Record<FormFieldType, FormFieldInput> = {
  text: { id: 'f', type: 'text', label: 'Name' },
  email: { id: 'f', type: 'email', label: 'Work email' },
  phone: { id: 'f', type: 'phone', label: 'Phone' },
  textarea: { id: 'f', type: 'textarea', label: 'Notes' },
  select: { id: 'f', type: 'select', label: 'Size', options: ['S', 'M'] },
  checkbox: { id: 'f', type: 'checkbox', label: 'Consent', checkbox_text: 'Contact me' },
  radio: { id: 'f', type: 'radio', label: 'Plan', options: ['Free'] },
  date: { id: 'f', type: 'date', label: 'Visit' },
  time: { id: 'f', type: 'time', label: 'Slot' },
  file: { id: 'f', type: 'file', label: 'Brief' },
  number: { id: 'f', type: 'number', label: 'Seats' },
  rating: { id: 'f', type: 'rating', label: 'Booth' },
  heading: { id: 'f', type: 'heading', label: 'Welcome' },
  paragraph: { id: 'f', type: 'paragraph', content: 'We reply within one business day.' },
  divider: { id: 'f', type: 'divider' },
  spacer: { id: 'f', type: 'spacer' },
  banner: { id: 'f', type: 'banner', content: 'Win a prize' },
  video: { id: 'f', type: 'video', url: 'https://video.example.com/watch?v=1' },
  image: { id: 'f', type: 'image', url: 'https://cdn.example.com/booth.png', alt: 'Our booth' },
  features_list: { id: 'f', type: 'features_list', options: ['Fast', 'Safe', 'Fast'] },
  button: { id: 'f', type: 'button', label: 'Book a demo', url: 'https://example.com/demo' },
  info_section: { id: 'f', type: 'info_section', content: 'Hall B, stand 12' },
};

/** Every issue as [dotted path, message]. */
function issues(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

const one = (input: unknown) => issues(formFieldSchema, input);

describe('formFieldSchema: every type', () => {
  it.each(FORM_FIELD_TYPES)('accepts a minimal %s and fills in every default', (type) => {
    const { id, ...rest } = MINIMAL[type];
    expect(formFieldSchema.parse(MINIMAL[type])).toEqual(createFormField(type, id, rest as Partial<FormField>));
  });

  it('parses to exactly the FormField type of the zod-free engine', () => {
    expectTypeOf<z.output<typeof formFieldSchema>>().toEqualTypeOf<FormField>();
    expectTypeOf<z.output<typeof formFieldResponseSchema>>().toEqualTypeOf<FormField>();
  });

  it('answers stored fields with the plain response schema', () => {
    for (const type of FORM_FIELD_TYPES) {
      const stored = formFieldSchema.parse(MINIMAL[type]);
      expect(formFieldResponseSchema.parse(stored)).toEqual(stored);
    }
  });

  it('refuses an unknown type, an unknown property and a non-object', () => {
    expect(one({ id: 'f', type: 'signature', label: 'x' })).toEqual([['type', M.choice]]);
    expect(one({ id: 'f', type: 'text', label: 'x', helpText: 'camelCase' })).toEqual([
      ['', 'Unrecognized key: "helpText"'],
    ]);
    expect(one('text')).toEqual([['', M.invalid]]);
  });
});

describe('formFieldSchema: labels and content', () => {
  it.each([...INPUT_FIELD_TYPES, 'heading', 'button'] as const)('requires the label of a %s', (type) => {
    const input = { ...MINIMAL[type], label: '   ' };
    expect(one(input)).toContainEqual(['label', M.labelRequired]);
  });

  it.each(['divider', 'spacer', 'paragraph', 'banner', 'video', 'image', 'features_list', 'info_section'] as const)(
    'does not require the label of a %s',
    (type) => {
      expect(one({ ...MINIMAL[type], label: '' })).toEqual([]);
    },
  );

  it.each(['paragraph', 'banner', 'info_section'] as const)('requires the content of a %s', (type) => {
    expect(one({ ...MINIMAL[type], content: '' })).toEqual([['content', M.required]]);
  });

  it('trims texts', () => {
    expect(
      formFieldSchema.parse({ ...MINIMAL.text, label: '  Name  ', help_text: ' As on your badge ' }),
    ).toMatchObject({ label: 'Name', help_text: 'As on your badge' });
  });

  it('gives every text a maximum length', () => {
    const cases: [keyof FormField, number][] = [
      ['label', L.labelMaxLength],
      ['content', L.contentMaxLength],
      ['placeholder', L.placeholderMaxLength],
      ['help_text', L.helpTextMaxLength],
      ['checkbox_text', L.checkboxTextMaxLength],
      ['alt', L.altMaxLength],
      ['default_value', L.answerMaxLength],
    ];
    for (const [key, max] of cases) {
      expect(one({ ...MINIMAL.textarea, [key]: 'x'.repeat(max) }), key).toEqual([]);
      expect(one({ ...MINIMAL.textarea, [key]: 'x'.repeat(max + 1) }), key).toEqual([[key, M.maxLength(max)]]);
    }
    expect(one({ ...MINIMAL.text, pattern: 'x'.repeat(L.patternMaxLength + 1) })).toEqual([
      ['pattern', M.maxLength(L.patternMaxLength)],
    ]);
    expect(one({ ...MINIMAL.image, url: `https://example.com/${'x'.repeat(L.urlMaxLength)}` })).toEqual([
      ['url', M.maxLength(L.urlMaxLength)],
    ]);
  });

  it('refuses control characters in texts', () => {
    expect(one({ ...MINIMAL.text, label: 'Na\u0000me' })).toEqual([['label', M.invalid]]);
    expect(one({ ...MINIMAL.paragraph, content: 'Line one\nLine two' })).toEqual([]);
  });

  it('refuses texts of the wrong type', () => {
    expect(one({ ...MINIMAL.text, label: 42 })).toEqual([['label', M.invalid]]);
    expect(one({ ...MINIMAL.text, required: 'yes' })).toEqual([['required', M.invalid]]);
  });
});

describe('formFieldSchema: options', () => {
  it.each(['select', 'radio', 'features_list'] as const)('requires at least one option for %s', (type) => {
    expect(one({ ...MINIMAL[type], options: [] })).toEqual([['options', M.optionsRequired]]);
    expect(one({ ...MINIMAL[type], options: undefined })).toEqual([['options', M.optionsRequired]]);
  });

  it.each(['select', 'radio'] as const)('needs non-empty, unique, one-line options for %s', (type) => {
    expect(one({ ...MINIMAL[type], options: ['A', '  ', 'B'] })).toEqual([['options.1', M.optionEmpty]]);
    expect(one({ ...MINIMAL[type], options: ['A', 'B', ' A '] })).toEqual([['options.2', M.optionDuplicate]]);
    expect(one({ ...MINIMAL[type], options: ['A', 'B\nC'] })).toEqual([['options.1', M.optionSingleLine]]);
    expect(one({ ...MINIMAL[type], options: ['A', 'B\u0007'] })).toEqual([['options.1', M.invalid]]);
  });

  it('checks the options of a checkbox group the same way, and lets a plain checkbox have none', () => {
    expect(one({ ...MINIMAL.checkbox, options: [] })).toEqual([]);
    expect(one({ ...MINIMAL.checkbox, options: ['CRM', 'CRM'] })).toEqual([['options.1', M.optionDuplicate]]);
  });

  it('lets a features list repeat an item but not leave one empty', () => {
    expect(one({ ...MINIMAL.features_list, options: ['Fast', 'Fast'] })).toEqual([]);
    expect(one({ ...MINIMAL.features_list, options: ['Fast', ''] })).toEqual([['options.1', M.optionEmpty]]);
  });

  it('limits the number and length of options', () => {
    const many = Array.from({ length: L.maxOptions + 1 }, (_, i) => `Option ${i}`);
    expect(one({ ...MINIMAL.select, options: many })).toEqual([['options', M.maxOptions(L.maxOptions)]]);
    expect(one({ ...MINIMAL.select, options: many.slice(1) })).toEqual([]);
    expect(one({ ...MINIMAL.select, options: ['x'.repeat(L.optionMaxLength + 1)] })).toEqual([
      ['options.0', M.maxLength(L.optionMaxLength)],
    ]);
  });
});

describe('formFieldSchema: numbers', () => {
  it('takes a maximum rating from 1 to 10, 5 by default', () => {
    expect(formFieldSchema.parse(MINIMAL.rating).max_rating).toBe(5);
    expect(one({ ...MINIMAL.rating, max_rating: 10 })).toEqual([]);
    expect(one({ ...MINIMAL.rating, max_rating: 1 })).toEqual([]);
    for (const bad of [0, 11, 2.5, '5'])
      expect(one({ ...MINIMAL.rating, max_rating: bad })).toEqual([['max_rating', M.between(1, 10)]]);
  });

  it('takes a heading level from 1 to 3, 2 by default', () => {
    expect(formFieldSchema.parse(MINIMAL.heading).heading_level).toBe(2);
    expect(formFieldSchema.parse({ ...MINIMAL.heading, heading_level: 1 }).heading_level).toBe(1);
    for (const bad of [0, 4, '1'])
      expect(one({ ...MINIMAL.heading, heading_level: bad })).toEqual([['heading_level', M.between(1, 3)]]);
  });

  it('takes a spacer height from 4 to 400 px', () => {
    expect(formFieldSchema.parse(MINIMAL.spacer).height).toBe(32);
    expect(one({ ...MINIMAL.spacer, height: 4 })).toEqual([]);
    expect(one({ ...MINIMAL.spacer, height: 400 })).toEqual([]);
    for (const bad of [3, 401, 10.5])
      expect(one({ ...MINIMAL.spacer, height: bad })).toEqual([['height', M.between(4, 400)]]);
  });

  it('takes a width of full, half or third', () => {
    expect(formFieldSchema.parse({ ...MINIMAL.text, width: 'third' }).width).toBe('third');
    expect(one({ ...MINIMAL.text, width: 'quarter' })).toEqual([['width', M.choice]]);
  });

  it('takes lengths up to the longest answer, the minimum not above the maximum', () => {
    expect(one({ ...MINIMAL.text, min_length: 2, max_length: 20 })).toEqual([]);
    expect(one({ ...MINIMAL.text, min_length: null, max_length: null })).toEqual([]);
    expect(one({ ...MINIMAL.text, min_length: 5, max_length: 5 })).toEqual([]);
    expect(one({ ...MINIMAL.text, min_length: 21, max_length: 20 })).toEqual([['min_length', M.lengthRange]]);
    expect(one({ ...MINIMAL.textarea, max_length: 5001 })).toEqual([['max_length', M.between(1, 5000)]]);
    expect(one({ ...MINIMAL.textarea, max_length: 0 })).toEqual([['max_length', M.between(1, 5000)]]);
    expect(one({ ...MINIMAL.textarea, min_length: -1 })).toEqual([['min_length', M.between(0, 5000)]]);
    expect(one({ ...MINIMAL.phone, min_length: 40 })).toEqual([['min_length', M.between(0, 32)]]);
    expect(one({ ...MINIMAL.text, min_length: 501 })).toEqual([['min_length', M.between(0, 500)]]);
  });
});

describe('formFieldSchema: URLs', () => {
  it.each(['image', 'video', 'button'] as const)('requires an http(s) url for %s', (type) => {
    expect(one({ ...MINIMAL[type], url: '' })).toEqual([['url', M.required]]);
    expect(one({ ...MINIMAL[type], url: 'ftp://example.com/x' })).toEqual([['url', M.url]]);
    expect(one({ ...MINIMAL[type], url: 'http://example.com/x' })).toEqual([]);
  });

  it('never stores a javascript: address, whatever the type', () => {
    expect(one({ ...MINIMAL.text, url: 'javascript:alert(1)' })).toEqual([['url', M.url]]);
    expect(one({ ...MINIMAL.button, url: ' JavaScript:alert(1)' })).toEqual([['url', M.url]]);
  });
});

describe('formFieldSchema: patterns', () => {
  it('accepts a safe pattern on the free-text types', () => {
    for (const type of ['text', 'textarea', 'email', 'phone'] as const) {
      expect(one({ ...MINIMAL[type], pattern: '[0-9 +]+' })).toEqual([]);
    }
    expect(formFieldSchema.parse({ ...MINIMAL.text, pattern: ' \\d+ ' }).pattern).toBe(' \\d+ ');
  });

  it.each(['(a+)+$', '(a|a)*', '(.*){1,32000}', '(a)\\1', '(?=a)a', '(?<!a)b', '([a-z]+)*', '('])(
    'refuses the hostile or broken pattern %j',
    (pattern) => {
      const found = one({ ...MINIMAL.text, pattern });
      expect(found).toHaveLength(1);
      expect(found[0]?.[0]).toBe('pattern');
    },
  );

  it('reports a broken pattern once, not again on the default value', () => {
    expect(one({ ...MINIMAL.text, pattern: 'x'.repeat(201), default_value: 'y' })).toEqual([
      ['pattern', M.maxLength(L.patternMaxLength)],
    ]);
    expect(one({ ...MINIMAL.text, pattern: '(a+)+', default_value: 'b' })).toEqual([
      ['pattern', M.patternNestedRepeat],
    ]);
  });

  it('ignores the pattern of a type that does not use it', () => {
    expect(one({ ...MINIMAL.select, pattern: '(a+)+' })).toEqual([]);
  });

  it('refuses a pattern too costly for the length of the answers', () => {
    const big = { ...MINIMAL.textarea, pattern: '[a-z]{0,1000}' };
    expect(one(big)).toEqual([['pattern', M.patternTooComplex]]);
    expect(one({ ...big, max_length: 500 })).toEqual([]);
  });
});

describe('formFieldSchema: default values', () => {
  it('accepts a default that is a valid answer', () => {
    const good: FormFieldInput[] = [
      { ...MINIMAL.text, default_value: 'Stockholm' },
      { ...MINIMAL.email, default_value: 'visitor@example.com' },
      { ...MINIMAL.select, default_value: 'M' },
      { ...MINIMAL.radio, default_value: 'Free' },
      { ...MINIMAL.checkbox, default_value: 'true' },
      { ...MINIMAL.checkbox, options: ['A', 'B'], default_value: 'A\nB' },
      { ...MINIMAL.number, default_value: '2' },
      { ...MINIMAL.rating, default_value: '5' },
      { ...MINIMAL.date, default_value: '2026-11-05' },
      { ...MINIMAL.time, default_value: '09:00' },
      { ...MINIMAL.heading, default_value: 'ignored on layout fields' },
    ];
    for (const input of good) expect(one(input), JSON.stringify(input)).toEqual([]);
  });

  it('refuses a default that is not', () => {
    const bad: [FormFieldInput, string][] = [
      [{ ...MINIMAL.select, default_value: 'XL' }, M.choice],
      [{ ...MINIMAL.checkbox, default_value: 'yes' }, M.invalid],
      [{ ...MINIMAL.checkbox, options: ['A'], default_value: 'Z' }, M.choice],
      [{ ...MINIMAL.number, default_value: 'two' }, M.number],
      [{ ...MINIMAL.rating, default_value: '6' }, M.between(1, 5)],
      [{ ...MINIMAL.date, default_value: '2026-02-30' }, M.date],
      [{ ...MINIMAL.time, default_value: '9am' }, M.time],
      [{ ...MINIMAL.email, default_value: 'nobody' }, M.email],
      [{ ...MINIMAL.text, max_length: 3, default_value: 'long' }, M.maxLength(3)],
      [{ ...MINIMAL.text, pattern: '\\d+', default_value: 'abc' }, M.patternMismatch],
      [{ ...MINIMAL.file, default_value: '0b8f7c1e-3d2a-4c5b-9e6f-7a8b9c0d1e2f' }, M.invalid],
    ];
    for (const [input, message] of bad) expect(one(input), JSON.stringify(input)).toEqual([['default_value', message]]);
  });
});

describe('formFieldSchema: ids', () => {
  it('takes letters, digits, hyphens and underscores, up to 64', () => {
    expect(one({ ...MINIMAL.text, id: 'company_size-2' })).toEqual([]);
    expect(one({ ...MINIMAL.text, id: 'x'.repeat(64) })).toEqual([]);
    expect(one({ ...MINIMAL.text, id: 'x'.repeat(65) })).toEqual([['id', M.maxLength(64)]]);
    expect(one({ ...MINIMAL.text, id: '' })).toEqual([['id', M.required]]);
    // Left out, an id is made (03-decisions §3); sent empty or null, it is missing.
    expect(one({ ...MINIMAL.text, id: null })).toEqual([['id', M.required]]);
    expect(one({ ...MINIMAL.text, id: 'first name' })).toEqual([['id', M.fieldIdInvalid]]);
    expect(one({ ...MINIMAL.text, id: 'å' })).toEqual([['id', M.fieldIdInvalid]]);
    expect(one({ ...MINIMAL.text, id: '__proto__' })).toEqual([['id', M.fieldIdReserved]]);
  });
});

describe('formFieldsSchema', () => {
  it('accepts a form of every type and an empty form', () => {
    const form = FORM_FIELD_TYPES.map((type, i) => ({ ...MINIMAL[type], id: `f${i}` }));
    expect(formFieldsSchema.parse(form)).toHaveLength(FORM_FIELD_TYPES.length);
    expect(formFieldsSchema.parse([])).toEqual([]);
  });

  it('gives a field sent without an id a new one that no other field of the form has (03-decisions §3)', () => {
    const taken = 'field_000000';
    const parsed = formFieldsSchema.parse([
      { type: 'text', label: 'A' },
      { ...MINIMAL.text, id: taken },
      { type: 'text', label: 'B' },
    ]);
    const ids = parsed.map((f) => f.id);
    expect(ids[1]).toBe(taken);
    expect(ids[0]).toMatch(/^field_[0-9a-z]{6}$/);
    expect(new Set(ids).size).toBe(3);
    const { id: _id, ...withoutId } = MINIMAL.text;
    // One field added on its own (POST /offers/{id}/fields/) too.
    expect(newFieldSchema.parse(withoutId).id).toMatch(/^field_[0-9a-z]{6}$/);
  });

  it('reports issues with dotted paths from the array (the server prefixes form_fields)', () => {
    expect(
      issues(formFieldsSchema, [
        MINIMAL.heading,
        { ...MINIMAL.text, id: 'b' },
        { ...MINIMAL.select, id: 'c', label: '' },
      ]),
    ).toEqual([['2.label', M.labelRequired]]);
  });

  it('requires unique ids, reported together with the other errors', () => {
    expect(
      issues(formFieldsSchema, [
        { ...MINIMAL.text, id: 'a' },
        { ...MINIMAL.text, id: 'b', heading_level: 9 },
        { ...MINIMAL.text, id: 'a' },
        { ...MINIMAL.email, id: 'b' },
      ]),
    ).toEqual([
      ['1.heading_level', M.between(1, 3)],
      ['2.id', M.fieldIdDuplicate],
      ['3.id', M.fieldIdDuplicate],
    ]);
  });

  it('holds at most 100 fields', () => {
    const form = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i}`, type: 'divider' }));
    expect(issues(formFieldsSchema, form(L.maxFields))).toEqual([]);
    expect(issues(formFieldsSchema, form(L.maxFields + 1))).toEqual([['', M.maxFields(L.maxFields)]]);
    expect(issues(formFieldsSchema, 'fields')).toEqual([['', M.invalid]]);
  });

  it('bounds the pattern work of the whole form, reporting the field that passes the budget', () => {
    const costly = { ...MINIMAL.textarea, pattern: '[a-z]{0,1000}', max_length: 300 };
    const work = patternWork(formFieldSchema.parse(costly));
    const fit = Math.floor(L.patternWorkPerForm / work);
    const form = Array.from({ length: fit + 2 }, (_, i) => ({ ...costly, id: `p${i}` }));
    expect(issues(formFieldsSchema, form.slice(0, fit))).toEqual([]);
    expect(issues(formFieldsSchema, form)).toEqual([[`${fit}.pattern`, M.patternTooComplex]]);
  });
});
