import { describe, expect, it } from 'vitest';
import { emailSchema, MESSAGES, phoneSchema, urlSchema } from './fields.ts';
import {
  answerMaxLength,
  checkPattern,
  createFormField,
  defaultAnswer,
  FORM_FIELD_DEFAULTS,
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  FORM_MESSAGES,
  type FormField,
  type FormFieldType,
  INPUT_FIELD_TYPES,
  isCalendarDate,
  isInputField,
  isMultiChoice,
  isTimeOfDay,
  LAYOUT_FIELD_TYPES,
  matchesPattern,
  STANDARD_LEAD_FIELDS,
  validateAnswer,
  validateStandardLeadFields,
  validateSubmission,
} from './form-fields.ts';

const M = FORM_MESSAGES;
const FILE_ID = '0b8f7c1e-3d2a-4c5b-9e6f-7a8b9c0d1e2f';

function field(type: FormFieldType, overrides: Partial<FormField> = {}): FormField {
  return createFormField(type, 'q', { label: 'Question', ...overrides });
}

/** The errors of one answer, or its value when there are none. */
function answer(f: FormField, raw: unknown) {
  const result = validateAnswer(f, raw);
  return result.errors.length > 0 ? { errors: result.errors } : { value: result.value };
}

describe('field types', () => {
  it('lists the 22 types of spec 01 §3, split into input and layout types', () => {
    expect(FORM_FIELD_TYPES).toHaveLength(22);
    expect(new Set(FORM_FIELD_TYPES).size).toBe(22);
    expect([...INPUT_FIELD_TYPES, ...LAYOUT_FIELD_TYPES].sort()).toEqual([...FORM_FIELD_TYPES].sort());
    for (const type of FORM_FIELD_TYPES) expect(type).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const type of INPUT_FIELD_TYPES) expect(isInputField({ type })).toBe(true);
    for (const type of LAYOUT_FIELD_TYPES) expect(isInputField({ type })).toBe(false);
  });

  it('creates a new field of every type with every property at its default', () => {
    for (const type of FORM_FIELD_TYPES) {
      const f = createFormField(type, 'f1');
      expect(f).toEqual({ ...FORM_FIELD_DEFAULTS, id: 'f1', type });
      expect(Object.keys(f).sort()).toEqual(
        [
          'id',
          'type',
          'label',
          'content',
          'placeholder',
          'help_text',
          'required',
          'min_length',
          'max_length',
          'pattern',
          'options',
          'checkbox_text',
          'heading_level',
          'height',
          'width',
          'default_value',
          'max_rating',
          'url',
          'alt',
        ].sort(),
      );
    }
    expect(createFormField('rating', 'r').max_rating).toBe(5);
    expect(createFormField('heading', 'h').heading_level).toBe(2);
    expect(createFormField('spacer', 's').height).toBe(32);
    expect(createFormField('text', 't').width).toBe('full');
  });

  it('takes overrides but never lets them change the id or type, and never shares the options array', () => {
    const f = createFormField('select', 'colour', { label: 'Colour', options: ['Red'], width: 'half' });
    expect(f).toMatchObject({ id: 'colour', type: 'select', label: 'Colour', options: ['Red'], width: 'half' });
    const a = createFormField('radio', 'a');
    a.options.push('x');
    expect(createFormField('radio', 'b').options).toEqual([]);
  });

  it('treats a checkbox with options as a multiple-choice group', () => {
    expect(isMultiChoice(field('checkbox'))).toBe(false);
    expect(isMultiChoice(field('checkbox', { options: ['A'] }))).toBe(true);
    expect(isMultiChoice(field('select', { options: ['A'] }))).toBe(false);
  });
});

describe('answers to each input type', () => {
  it('text: trimmed, required, min and max length, default cap 500', () => {
    const f = field('text', { required: true, min_length: 3, max_length: 10 });
    expect(answer(f, '  Ada  ')).toEqual({ value: 'Ada' });
    expect(answer(f, undefined)).toEqual({ errors: [M.required] });
    expect(answer(f, null)).toEqual({ errors: [M.required] });
    expect(answer(f, '   ')).toEqual({ errors: [M.required] });
    expect(answer(f, 'Al')).toEqual({ errors: [M.minLength(3)] });
    expect(answer(f, 'x'.repeat(11))).toEqual({ errors: [M.maxLength(10)] });
    expect(answer(f, 42)).toEqual({ errors: [M.invalid] });
    expect(answer(f, ['Ada'])).toEqual({ errors: [M.invalid] });
    expect(answer(field('text'), 'x'.repeat(500))).toEqual({ value: 'x'.repeat(500) });
    expect(answer(field('text'), 'x'.repeat(501))).toEqual({ errors: [M.maxLength(500)] });
    expect(answer(field('text', { max_length: 2000 }), 'x'.repeat(2000))).toEqual({ value: 'x'.repeat(2000) });
  });

  it('text and textarea: refuse control characters (NUL cannot be stored) but keep line breaks', () => {
    expect(answer(field('text'), 'a\u0000b')).toEqual({ errors: [M.invalid] });
    expect(answer(field('textarea'), 'line 1\r\nline 2\tend')).toEqual({ value: 'line 1\r\nline 2\tend' });
    expect(answer(field('textarea'), 'bell\u0007')).toEqual({ errors: [M.invalid] });
  });

  it('textarea: up to 5,000 characters', () => {
    expect(answer(field('textarea'), 'x'.repeat(5000))).toEqual({ value: 'x'.repeat(5000) });
    expect(answer(field('textarea'), 'x'.repeat(5001))).toEqual({ errors: [M.maxLength(5000)] });
    expect(answerMaxLength(field('textarea', { max_length: 100 }))).toBe(100);
  });

  it('email: a valid address, lower-cased, at most 254 characters', () => {
    const f = field('email');
    expect(answer(f, ' Ada@Example.COM ')).toEqual({ value: 'ada@example.com' });
    expect(answer(f, 'ada@')).toEqual({ errors: [M.email] });
    expect(answer(f, 'not an email')).toEqual({ errors: [M.email] });
    expect(answer(f, `${'a'.repeat(250)}@x.se`)).toEqual({ errors: [M.maxLength(254)] });
    expect(answerMaxLength(field('email', { max_length: 1000 }))).toBe(254);
  });

  it('phone: digits with separators and an optional +', () => {
    const f = field('phone');
    expect(answer(f, '+46 (0)70-123 45 67')).toEqual({ value: '+46 (0)70-123 45 67' });
    expect(answer(f, '123')).toEqual({ errors: [M.phone] });
    expect(answer(f, 'call me')).toEqual({ errors: [M.phone] });
    expect(answer(f, '1'.repeat(33))).toEqual({ errors: [M.maxLength(32)] });
  });

  it('select and radio: one of the options', () => {
    for (const type of ['select', 'radio'] as const) {
      const f = field(type, { options: ['Small', 'Large'], required: true });
      expect(answer(f, 'Large')).toEqual({ value: 'Large' });
      expect(answer(f, ' Small ')).toEqual({ value: 'Small' });
      expect(answer(f, 'Medium')).toEqual({ errors: [M.choice] });
      expect(answer(f, 'large')).toEqual({ errors: [M.choice] });
      expect(answer(f, 1)).toEqual({ errors: [M.choice] });
      expect(answer(f, ['Large'])).toEqual({ errors: [M.choice] });
      expect(answer(f, '')).toEqual({ errors: [M.required] });
    }
  });

  it('checkbox: a boolean; a required box must be ticked', () => {
    expect(answer(field('checkbox'), true)).toEqual({ value: true });
    expect(answer(field('checkbox'), false)).toEqual({ value: false });
    expect(answer(field('checkbox'), undefined)).toEqual({ value: undefined });
    expect(answer(field('checkbox', { required: true }), false)).toEqual({ errors: [M.required] });
    expect(answer(field('checkbox', { required: true }), undefined)).toEqual({ errors: [M.required] });
    expect(answer(field('checkbox'), 'true')).toEqual({ errors: [M.invalid] });
    expect(answer(field('checkbox'), 1)).toEqual({ errors: [M.invalid] });
  });

  it('checkbox with options: the ticked options, once each, in the order of the options', () => {
    const f = field('checkbox', { options: ['CRM', 'Analytics', 'Events'] });
    expect(answer(f, ['Events', 'CRM', 'Events'])).toEqual({ value: ['CRM', 'Events'] });
    expect(answer(f, ['Billing'])).toEqual({ errors: [M.choice] });
    expect(answer(f, 'CRM')).toEqual({ errors: [M.choice] });
    expect(answer(f, [1])).toEqual({ errors: [M.choice] });
    expect(answer(f, ['CRM', 'CRM', 'CRM', 'CRM'])).toEqual({ errors: [M.choice] });
    expect(answer(f, [])).toEqual({ value: undefined });
    expect(answer({ ...f, required: true }, [])).toEqual({ errors: [M.required] });
  });

  it('number: a finite number, given as a number or as numeric text', () => {
    const f = field('number');
    expect(answer(f, 42)).toEqual({ value: 42 });
    expect(answer(f, -1.5)).toEqual({ value: -1.5 });
    expect(answer(f, ' 3.25 ')).toEqual({ value: 3.25 });
    expect(answer(f, '1e3')).toEqual({ value: 1000 });
    expect(answer(f, '0')).toEqual({ value: 0 });
    expect(answer(f, 'twelve')).toEqual({ errors: [M.number] });
    expect(answer(f, '12abc')).toEqual({ errors: [M.number] });
    expect(answer(f, '0x10')).toEqual({ errors: [M.number] });
    expect(answer(f, '1e999')).toEqual({ errors: [M.number] });
    expect(answer(f, Number.NaN)).toEqual({ errors: [M.number] });
    expect(answer(f, Number.POSITIVE_INFINITY)).toEqual({ errors: [M.number] });
    expect(answer(f, true)).toEqual({ errors: [M.number] });
  });

  it('rating: a whole number from 1 to max_rating', () => {
    const f = field('rating');
    expect(answer(f, 1)).toEqual({ value: 1 });
    expect(answer(f, 5)).toEqual({ value: 5 });
    expect(answer(f, '4')).toEqual({ value: 4 });
    expect(answer(f, 0)).toEqual({ errors: [M.between(1, 5)] });
    expect(answer(f, 6)).toEqual({ errors: [M.between(1, 5)] });
    expect(answer(f, 2.5)).toEqual({ errors: [M.between(1, 5)] });
    expect(answer(f, '2.0')).toEqual({ errors: [M.between(1, 5)] });
    expect(answer(f, true)).toEqual({ errors: [M.between(1, 5)] });
    expect(answer(field('rating', { max_rating: 10 }), 10)).toEqual({ value: 10 });
  });

  it('date: a real calendar date written YYYY-MM-DD', () => {
    const f = field('date');
    expect(answer(f, '2026-11-05')).toEqual({ value: '2026-11-05' });
    expect(answer(f, '2024-02-29')).toEqual({ value: '2024-02-29' });
    for (const bad of [
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-00-10',
      '2026-1-5',
      '05/11/2026',
    ]) {
      expect(answer(f, bad)).toEqual({ errors: [M.date] });
    }
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(answer(f, 20261105)).toEqual({ errors: [M.date] });
  });

  it('time: HH:MM on a 24-hour clock', () => {
    const f = field('time');
    expect(answer(f, '09:30')).toEqual({ value: '09:30' });
    expect(answer(f, '23:59')).toEqual({ value: '23:59' });
    for (const bad of ['24:00', '9:30', '09:60', '09:30:00', 'noon'])
      expect(answer(f, bad)).toEqual({ errors: [M.time] });
    expect(isTimeOfDay('00:00')).toBe(true);
  });

  it('file: the id of an uploaded file', () => {
    expect(answer(field('file'), FILE_ID)).toEqual({ value: FILE_ID });
    expect(answer(field('file'), 'C:\\fakepath\\cv.pdf')).toEqual({ errors: [M.file] });
    expect(answer(field('file', { required: true }), '')).toEqual({ errors: [M.required] });
  });

  it('layout fields never take an answer', () => {
    for (const type of LAYOUT_FIELD_TYPES) {
      expect(validateAnswer(field(type, { required: true }), 'anything')).toEqual({ errors: [] });
    }
  });
});

describe('patterns on answers', () => {
  it('checks the whole trimmed value against the pattern', () => {
    const f = field('text', { pattern: '[A-Z]{2}-\\d{4}' });
    expect(answer(f, ' SE-1234 ')).toEqual({ value: 'SE-1234' });
    expect(answer(f, 'SE-12345')).toEqual({ errors: [M.patternMismatch] });
    expect(answer(f, 'xSE-1234')).toEqual({ errors: [M.patternMismatch] });
  });

  it('applies to email and phone too, and reports every rule that fails', () => {
    const email = field('email', { pattern: '.*@example\\.com' });
    expect(answer(email, 'Ada@Example.com')).toEqual({ value: 'ada@example.com' });
    expect(answer(email, 'ada@other.com')).toEqual({ errors: [M.patternMismatch] });
    const text = field('text', { pattern: '\\d+', min_length: 5 });
    expect(answer(text, 'abc')).toEqual({ errors: [M.minLength(5), M.patternMismatch] });
  });

  it('never runs the pattern on an answer over the length cap', () => {
    const f = field('text', { pattern: 'a*', max_length: 10 });
    expect(answer(f, 'a'.repeat(11))).toEqual({ errors: [M.maxLength(10)] });
  });

  it('refuses every answer when the stored pattern is unsafe, rather than running it', () => {
    expect(answer(field('text', { pattern: '(a+)+$' }), 'aaaa')).toEqual({ errors: [M.patternMismatch] });
  });
});

describe('validateSubmission', () => {
  const fields: FormField[] = [
    createFormField('heading', 'intro', { label: 'Tell us more' }),
    createFormField('text', 'company_size', { label: 'Team size', required: true }),
    createFormField('select', 'budget', { label: 'Budget', options: ['Low', 'High'] }),
    createFormField('checkbox', 'consent', { label: 'Consent', required: true }),
    createFormField('rating', 'fit', { label: 'Fit', default_value: '3' }),
    createFormField('paragraph', 'note', { content: 'Thanks!' }),
  ];

  it('returns typed values keyed by field id', () => {
    expect(validateSubmission(fields, { company_size: ' 12 ', budget: 'High', consent: true, fit: 4 })).toEqual({
      values: { company_size: '12', budget: 'High', consent: true, fit: 4 },
      errors: {},
    });
  });

  it('returns the errors of every field keyed by field id', () => {
    expect(validateSubmission(fields, { budget: 'Huge', consent: false, fit: 9 })).toEqual({
      values: {},
      errors: {
        company_size: [M.required],
        budget: [M.choice],
        consent: [M.required],
        fit: [M.between(1, 5)],
      },
    });
  });

  it('ignores unknown keys and answers to layout fields', () => {
    const result = validateSubmission(fields, {
      company_size: '5',
      consent: true,
      intro: 'injected',
      note: 'injected',
      is_admin: true,
    });
    expect(result).toEqual({ values: { company_size: '5', consent: true }, errors: {} });
  });

  it('does not submit default_value for an absent answer', () => {
    const result = validateSubmission(fields, { company_size: '5', consent: true });
    expect(result.values).not.toHaveProperty('fit');
  });

  it('treats anything but an object as no answers at all', () => {
    for (const responses of [undefined, null, 'text', 42, ['5']]) {
      expect(validateSubmission(fields, responses).errors).toEqual({
        company_size: [M.required],
        consent: [M.required],
      });
    }
  });

  it('keeps a field id such as __proto__ an own property and reads no inherited keys', () => {
    const odd = [
      createFormField('text', '__proto__', { label: 'x' }),
      createFormField('text', 'toString', { label: 'y' }),
    ];
    const result = validateSubmission(odd, JSON.parse('{"__proto__": "value"}'));
    expect(Object.getPrototypeOf(result.values)).toBe(Object.prototype);
    expect(Object.keys(result.values)).toEqual(['__proto__']);
    expect(Object.hasOwn(result.values, 'toString')).toBe(false);
  });

  it('accepts an empty form', () => {
    expect(validateSubmission([], { a: 1 })).toEqual({ values: {}, errors: {} });
  });
});

describe('defaultAnswer', () => {
  it('reads default_value as the answer the page pre-fills', () => {
    expect(defaultAnswer(field('text', { default_value: ' Hello ' }))).toBe('Hello');
    expect(defaultAnswer(field('text'))).toBeUndefined();
    expect(defaultAnswer(field('number', { default_value: '7.5' }))).toBe(7.5);
    expect(defaultAnswer(field('rating', { default_value: '4' }))).toBe(4);
    expect(defaultAnswer(field('checkbox', { default_value: 'true' }))).toBe(true);
    expect(defaultAnswer(field('checkbox', { default_value: 'false' }))).toBe(false);
    expect(defaultAnswer(field('checkbox', { options: ['A', 'B', 'C'], default_value: 'A\nC\n' }))).toEqual(['A', 'C']);
    expect(defaultAnswer(field('file', { default_value: FILE_ID }))).toBeUndefined();
    expect(defaultAnswer(field('heading', { default_value: 'x' }))).toBeUndefined();
  });

  it('returns what does not parse as text, so validateAnswer reports it', () => {
    const f = field('number', { default_value: 'many' });
    expect(defaultAnswer(f)).toBe('many');
    expect(validateAnswer(f, defaultAnswer(f)).errors).toEqual([M.number]);
  });
});

describe('standard lead fields', () => {
  it('describes the capture page built-in fields', () => {
    expect(STANDARD_LEAD_FIELDS.map((f) => [f.name, f.required])).toEqual([
      ['first_name', true],
      ['last_name', true],
      ['company', true],
      ['email', true],
      ['phone', false],
      ['job_title', false],
    ]);
  });

  it('requires first name, last name, company and email', () => {
    expect(validateStandardLeadFields({}).errors).toEqual({
      first_name: [M.required],
      last_name: [M.required],
      company: [M.required],
      email: [M.required],
    });
    expect(validateStandardLeadFields(null).errors).toHaveProperty('email', [M.required]);
  });

  it('returns every field as text, email lower-cased and optional ones empty', () => {
    expect(
      validateStandardLeadFields({
        first_name: ' Ada ',
        last_name: 'Lovelace',
        company: 'Analytical AB',
        email: 'Ada@Example.com',
        extra: 'ignored',
      }),
    ).toEqual({
      values: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        company: 'Analytical AB',
        email: 'ada@example.com',
        phone: '',
        job_title: '',
      },
      errors: {},
    });
  });

  it('checks formats and lengths', () => {
    const { errors } = validateStandardLeadFields({
      first_name: 'x'.repeat(151),
      last_name: 42,
      company: 'Booth AB',
      email: 'nope',
      phone: 'call me',
      job_title: 'x'.repeat(151),
    });
    expect(errors).toEqual({
      first_name: [M.maxLength(150)],
      last_name: [M.invalid],
      email: [M.email],
      phone: [M.phone],
      job_title: [M.maxLength(150)],
    });
  });
});

describe('checkPattern', () => {
  it.each([
    ['(a+)+$', M.patternNestedRepeat],
    ['(a+)+', M.patternNestedRepeat],
    ['(a*)*b', M.patternEmptyRepeat],
    ['([a-z]+\\.)+com', M.patternNestedRepeat],
    ['(a?){25}a{25}', M.patternEmptyRepeat],
    ['(ab?){25}', M.patternNestedRepeat],
    ['(\\d{1,3}){3}', M.patternNestedRepeat],
    ['(a|a)*', M.patternOverlappingChoice],
    ['(a|ab)+c', M.patternOverlappingChoice],
    ['(\\w|\\d)+', M.patternOverlappingChoice],
    ['(.|\\s)*', M.patternOverlappingChoice],
    ['([a-c]|[c-e])+', M.patternOverlappingChoice],
    ['(\\p{L}|x)+', M.patternOverlappingChoice],
    ['(\\p{L}|\\p{N})+', M.patternOverlappingChoice],
    ['(a|)+', M.patternEmptyRepeat],
    ['(?:)*', M.patternEmptyRepeat],
    ['(.*){1,32000}', M.patternRepeatTooLarge(1000)],
    ['a{1001}', M.patternRepeatTooLarge(1000)],
    ['a{2000,}', M.patternRepeatTooLarge(1000)],
    ['(a)\\1', M.patternBackreference],
    ['(?<x>a)\\k<x>', M.patternBackreference],
    ['(?=a)a', M.patternLookaround],
    ['(?!a)b', M.patternLookaround],
    ['(?<=a)b', M.patternLookaround],
    ['(?<!a)b', M.patternLookaround],
    ['(\\d{3}-){1000}', M.patternTooComplex],
    ['a'.repeat(201), M.maxLength(200)],
    ['(', M.patternInvalid],
    ['a)|(b', M.patternInvalid],
    ['[z-a]', M.patternInvalid],
    ['a**', M.patternInvalid],
    ['\\8', M.patternInvalid],
    ['{', M.patternInvalid],
  ])('refuses %j', (pattern, message) => {
    expect(checkPattern(pattern)).toEqual({ ok: false, message });
    expect(matchesPattern(pattern, 'a')).toBe(false);
  });

  it.each([
    '',
    '\\d{5}',
    '[A-Z]{2}\\d{2,6}',
    '\\+?[0-9 ]{6,20}',
    '(ab|cd)+',
    '(\\d{3}-)+\\d{4}',
    '(?:[a-z]|\\d)+',
    '(x{2})+',
    '(?<year>\\d{4})-(?<month>\\d{2})',
    '\\p{Lu}\\p{Ll}+',
    '[^@\\s]+@[^@\\s]+',
    '\\bSE\\d+\\b',
    'a*a*a*a*a*a*a*a*b',
    '[a-z]{0,1000}',
    'a'.repeat(200),
  ])('accepts %j', (pattern) => {
    expect(checkPattern(pattern)).toEqual({ ok: true });
  });
});

describe('matchesPattern', () => {
  // The same answers as JavaScript's own RegExp gives for ^(?:pattern)$ with the u flag.
  it.each([
    ['\\d{3}-\\d{4}', ['555-1234', '555-12345', '55-1234', '']],
    ['[A-Z]{2}\\d+', ['SE123', 'SE', 'se123', 'SE12a']],
    ['(ab|cd)+', ['abcdab', 'ab', 'abc', '']],
    ['a|b|c', ['a', 'b', 'd', 'ab']],
    ['colou?r', ['color', 'colour', 'colouur']],
    ['a{2,3}b{1,}', ['aab', 'aaabbb', 'ab', 'aaaab']],
    ['(?:ab){2}c', ['ababc', 'abc']],
    ['x?', ['', 'x', 'xx']],
    ['.', ['a', '😀', '\n', '\r', 'ab']],
    ['.+', ['line one', 'line\ntwo']],
    ['[^]', ['\n', 'a', '']],
    ['[^a-c]+', ['def', 'dab']],
    ['\\u{1F600}+', ['😀😀', '😀a']],
    ['\\uD83D\\uDE00', ['😀']],
    ['\\x41\\cJ\\t', ['A\n\t']],
    ['[\\b-\\x0a]', ['\b', '\t', 'a']],
    ['\\p{Lu}\\p{Ll}+', ['Åsa', 'åsa', 'Ö']],
    ['[\\p{L}\\d]+', ['Zoë42', 'a b']],
    ['\\bfoo\\b', ['foo']],
    ['foo\\b.*', ['foo bar', 'foobar']],
    ['a\\Bb', ['ab', 'a b']],
    ['^abc$', ['abc', 'abcd']],
    ['a^b', ['ab']],
    ['a$|b', ['a', 'b']],
    ['\\s+', [' \t\u00a0\u3000', 'x']],
    ['\\W\\D\\S', ['!a!', '!1!']],
    ['[\\w-]+', ['my-id_2', 'my id']],
    ['\\.\\*\\/', ['.*/', 'a*/']],
    ['(?<year>\\d{4})-(?<month>\\d{2})', ['2026-11', '2026-1']],
    ['', ['', 'a']],
  ])('matches %j as RegExp does', (pattern, values) => {
    expect(checkPattern(pattern)).toEqual({ ok: true });
    const native = new RegExp(`^(?:${pattern})$`, 'u');
    for (const value of values) expect([value, matchesPattern(pattern, value)]).toEqual([value, native.test(value)]);
  });

  it('finishes a safe pattern against a 5,000-character adversarial answer', () => {
    // A backtracking engine needs on the order of 5,000^8 steps to fail this one.
    const adversarial = `${'a'.repeat(FORM_LIMITS.answerMaxLength - 1)}!`;
    expect(matchesPattern('a*a*a*a*a*a*a*a*b', adversarial)).toBe(false);
    expect(matchesPattern('(?:a|b)*c', adversarial)).toBe(false);
    expect(matchesPattern('.*[a-z]{0,1000}.*', adversarial)).toBe(true);
    expect(matchesPattern('[a-z]{0,1000}', adversarial)).toBe(false);
  });

  it('refuses values longer than the longest answer', () => {
    expect(matchesPattern('a*', 'a'.repeat(FORM_LIMITS.answerMaxLength))).toBe(true);
    expect(matchesPattern('a*', 'a'.repeat(FORM_LIMITS.answerMaxLength + 1))).toBe(false);
  });
});

describe('shared with fields.ts', () => {
  it('keeps one wording and one set of formats for the zod schemas', () => {
    expect(MESSAGES.required).toBe(M.required);
    expect(MESSAGES.maxLength(12)).toBe(M.maxLength(12));
    expect(emailSchema.parse(' Ada@Example.com ')).toBe('ada@example.com');
    expect(emailSchema.safeParse('ada@').error?.issues[0]?.message).toBe(M.email);
    expect(phoneSchema.safeParse('call me').error?.issues[0]?.message).toBe(M.phone);
    expect(urlSchema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(M.url);
    expect(urlSchema.parse('https://example.com/a')).toBe('https://example.com/a');
  });
});
