import { MESSAGES } from '@leadcapture/contracts/fields';
import { FORM_LIMITS, FORM_MESSAGES } from '@leadcapture/contracts/form-fields';
import { LOGIN_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES } from '@leadcapture/contracts/passwords';
import { describe, expect, it } from 'vitest';
import { recogniseValidationMessage } from './validation-messages.ts';

describe('recogniseValidationMessage', () => {
  it.each([
    ...Object.values(MESSAGES).flatMap((m) => (typeof m === 'string' ? [m] : [])),
    ...Object.values(PASSWORD_MESSAGES),
    MESSAGES.maxLength(150),
    `Password must be at least ${LOGIN_PASSWORD_MIN_LENGTH} characters`,
    'You must agree to the terms and conditions',
    // The leads contract (manual score, follow-up date, tags and products).
    'Enter a whole number from 0 to 100',
    'Enter a valid date and time',
    'Use at most 30 tags',
    'Use at most 30 products',
    // The clients contract (amounts, custom fields, satisfaction).
    'Enter an amount',
    'Enter an amount of 0 or more',
    'Enter a smaller amount',
    'Use at most two decimals',
    'Use at most 100 fields',
    'Enter a whole number from 1 to 10',
    // The billing contract (billing details, payment methods, checkout).
    'Enter a two-letter country code such as SE',
    'Never enter a card number: give the method a name you recognise, such as "Company Visa".',
    'Choose a saved payment method or add a new one.',
  ])('recognises the contract message "%s"', (message) => {
    expect(recogniseValidationMessage(message)).not.toBeNull();
  });

  // The form engine's answer and definition messages (the capture page, the form builder).
  it.each(
    Object.values(FORM_MESSAGES).map((m) =>
      typeof m === 'string' ? m : m(FORM_LIMITS.maxOptions, FORM_LIMITS.maxFields),
    ),
  )('recognises the form engine message "%s"', (message) => {
    expect(recogniseValidationMessage(message)).not.toBeNull();
  });

  it('reads the numbers of a message', () => {
    expect(recogniseValidationMessage(MESSAGES.maxLength(150))).toEqual({ key: 'maxLength', values: { count: 150 } });
  });

  it('passes unknown messages through', () => {
    expect(recogniseValidationMessage('Slug already taken')).toBeNull();
  });
});
