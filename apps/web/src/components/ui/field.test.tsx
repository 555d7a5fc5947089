import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { Field } from './field.tsx';
import { Input } from './input.tsx';
import { Select } from './select.tsx';
import { Textarea } from './textarea.tsx';

describe('Field', () => {
  it('labels the control and points aria-describedby at help and error', async () => {
    await renderWithApp(
      <Field label="Email" help="We never share it" error="Enter a valid email address" required>
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveProperty('required', true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We never share it', 'Enter a valid email address']);
  });

  it('is valid and undescribed without help or error', async () => {
    await renderWithApp(
      <Field label="Notes">
        <Textarea />
      </Field>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Notes' });
    expect(textarea.hasAttribute('aria-invalid')).toBe(false);
    expect(textarea.hasAttribute('aria-describedby')).toBe(false);
  });

  it('wires a select the same way', async () => {
    await renderWithApp(
      <Field label="Size" error="Required">
        <Select options={[{ value: 'a', label: 'A' }]} placeholder="Choose…" />
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Size' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('option', { name: 'Choose…' })).toBeTruthy();
  });
});
