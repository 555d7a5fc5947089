import { describe, expect, it } from 'vitest';
import { createFormField } from './form-fields.ts';
import { attributionFromPage, isValidCapture, validateCaptureAnswers } from './public-capture.ts';

describe('validateCaptureAnswers', () => {
  const fields = [
    createFormField('heading', 'intro', { label: 'Welcome' }),
    createFormField('select', 'interest', { label: 'Interest', required: true, options: ['Demo', 'Pricing'] }),
    createFormField('rating', 'fit', { label: 'Fit', max_rating: 5 }),
  ];

  it('keys standard fields by name and custom answers as responses.<id>, like the 422', () => {
    const answers = validateCaptureAnswers(fields, { email: 'nope', responses: { interest: 'Other', fit: 9 } });
    expect(isValidCapture(answers)).toBe(false);
    expect(Object.keys(answers.errors).sort()).toEqual([
      'company',
      'email',
      'first_name',
      'last_name',
      'responses.fit',
      'responses.interest',
    ]);
  });

  it('answers trimmed standard values, the lower-cased email and typed custom answers', () => {
    const answers = validateCaptureAnswers(fields, {
      first_name: ' Greta ',
      last_name: 'Berg',
      company: 'Fjord AB',
      email: 'Greta@Example.COM',
      responses: { interest: 'Demo', fit: '4', intro: 'ignored' },
    });
    expect(isValidCapture(answers)).toBe(true);
    expect(answers.standard).toEqual({
      first_name: 'Greta',
      last_name: 'Berg',
      company: 'Fjord AB',
      email: 'greta@example.com',
      phone: '',
      job_title: '',
    });
    expect(answers.responses).toEqual({ interest: 'Demo', fit: 4 });
  });
});

/** A page's query parameters, as URLSearchParams answers them. */
const query = (entries: Record<string, string>) => ({ get: (name: string) => entries[name] ?? null });

describe('attributionFromPage', () => {
  it('marks a QR visit, keeps UTM parameters and the referrer, clipped to the API limits', () => {
    const params = query({ src: 'qr', utm_source: 'flyer', utm_medium: '', utm_campaign: 'c'.repeat(300), other: '1' });
    const out = attributionFromPage(params, `https://example.com/${'r'.repeat(3000)}`);
    expect(out.source).toBe('qr_scan');
    expect(out.utm_source).toBe('flyer');
    expect(out).not.toHaveProperty('utm_medium');
    expect(out.utm_campaign).toHaveLength(200);
    expect(out.referrer).toHaveLength(2000);
    expect(out).not.toHaveProperty('other');
  });

  it('is a direct visit without the marker or a referrer', () => {
    expect(attributionFromPage(query({ src: 'poster' }), '')).toEqual({ source: 'direct' });
  });
});
