import { createFormField } from '@leadcapture/contracts/form-fields';
import { describe, expect, it } from 'vitest';
import { formDefinitionErrors, mergeDefinitionErrors, NO_ERRORS, serverDefinitionErrors } from './definition-errors.ts';

describe('formDefinitionErrors', () => {
  it('is empty for a valid form', () => {
    expect(formDefinitionErrors([createFormField('text', 'a', { label: 'Name' })])).toBe(NO_ERRORS);
  });

  it('groups the contract issues by field position and property path', () => {
    const errors = formDefinitionErrors([
      createFormField('text', 'a', { label: 'Name' }),
      createFormField('select', 'b', { label: '', options: ['x', 'x', ''] }),
      createFormField('heading', 'a', { label: 'Title' }),
    ]);
    expect(errors.form).toEqual([]);
    expect(errors.fields.get(0)).toBeUndefined();
    expect(errors.fields.get(1)).toEqual({
      label: ['Field label is required'],
      'options.1': ['Options must be unique'],
      'options.2': ['Options cannot be empty'],
    });
    expect(errors.fields.get(2)).toEqual({ id: ['Field ids must be unique'] });
    expect(errors.count).toBe(4);
  });

  it('reports too many fields on the form itself', () => {
    const fields = Array.from({ length: 101 }, (_, i) => createFormField('divider', `d${i}`));
    expect(formDefinitionErrors(fields).form).toEqual(['Ensure this form has no more than 100 fields']);
  });
});

describe('serverDefinitionErrors', () => {
  const details = {
    form_fields: ['Enter a valid value'],
    'form_fields.2.label': ['Field label is required'],
    'form_fields.0.options.1': ['Options must be unique'],
    'form_fields.3': ['Unrecognized key: "colour"'],
    name: ['This field is required'],
  };

  it('reads the keys under the prefix and leaves the others out', () => {
    const errors = serverDefinitionErrors(details, 'form_fields');
    expect(errors.form).toEqual(['Enter a valid value']);
    expect(errors.fields.get(2)).toEqual({ label: ['Field label is required'] });
    expect(errors.fields.get(0)).toEqual({ 'options.1': ['Options must be unique'] });
    expect(errors.fields.get(3)).toEqual({ '': ['Unrecognized key: "colour"'] });
    expect(errors.count).toBe(4);
  });

  it('reads bare paths with an empty prefix', () => {
    const errors = serverDefinitionErrors({ '1.url': ['Enter a valid URL'], name: ['x'] }, '');
    expect(errors.fields.get(1)).toEqual({ url: ['Enter a valid URL'] });
    expect(errors.count).toBe(1);
  });

  it('merges with the definition errors without repeating a message', () => {
    const mine = formDefinitionErrors([createFormField('text', 'a'), createFormField('text', 'b', { label: 'B' })]);
    const theirs = serverDefinitionErrors({ 'form_fields.0.label': ['Field label is required'] }, 'form_fields');
    const merged = mergeDefinitionErrors(mine, theirs);
    expect(merged.fields.get(0)).toEqual({ label: ['Field label is required'] });
    expect(merged.count).toBe(1);
  });
});
