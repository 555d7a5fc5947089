import { FORM_FIELD_TYPES, type FormField } from '@leadcapture/contracts/form-fields';
import { describe, expect, it } from 'vitest';
import { createFieldId, fieldDisplayName, fieldProperties } from './field-types.ts';

describe('createFieldId', () => {
  it('makes short readable ids', () => {
    expect(createFieldId([])).toMatch(/^field_[0-9a-z]{6}$/);
  });

  it('never reuses an id of the form, trying again on a collision', () => {
    // The first draw gives field_000000, which is taken; the second gives field_111111.
    const draws = [...Array<number>(6).fill(0), ...Array<number>(6).fill(1 / 36)];
    const random = () => draws.shift() ?? 0.5;
    expect(createFieldId(['field_000000'], random)).toBe('field_111111');
  });
});

describe('fieldProperties', () => {
  it('gives every type its width, and only input fields "required"', () => {
    for (const type of FORM_FIELD_TYPES) {
      const properties = fieldProperties(type);
      expect(properties.has('width')).toBe(true);
      expect(properties.has('required')).toBe(
        ![
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
        ].includes(type),
      );
    }
    expect([...fieldProperties('text')]).toEqual(expect.arrayContaining(['pattern', 'min_length', 'max_length']));
    expect(fieldProperties('select').has('pattern')).toBe(false);
    expect(fieldProperties('checkbox').has('checkbox_text')).toBe(true);
  });
});

describe('fieldDisplayName', () => {
  const field = (label: string, content = '') => ({ label, content }) as FormField;
  it('uses the label, then the first line of the text, then the type', () => {
    expect(fieldDisplayName(field('Email'), 'Email')).toBe('Email');
    expect(fieldDisplayName(field('', 'First line\nSecond'), 'Paragraph')).toBe('First line');
    expect(fieldDisplayName(field('  '), 'Divider')).toBe('Divider');
    expect(fieldDisplayName(field('x'.repeat(80)), 'Text')).toHaveLength(60);
  });
});
