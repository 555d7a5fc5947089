import { describe, expect, it } from 'vitest';
import { rememberedLanguagePath } from './returning-visitor.ts';

describe('rememberedLanguagePath', () => {
  const origin = 'https://leads.example.com';

  it('takes a visitor who chose Swedish from / to /sv when they arrive from elsewhere', () => {
    expect(rememberedLanguagePath('en', 'sv', '', origin)).toBe('/sv');
    expect(rememberedLanguagePath('en', 'sv', 'https://www.google.com/', origin)).toBe('/sv');
  });

  it('leaves them on / when they came from our own pages (the language switch)', () => {
    expect(rememberedLanguagePath('en', 'sv', `${origin}/sv`, origin)).toBeNull();
  });

  it('does nothing without a remembered other language, or on /sv', () => {
    expect(rememberedLanguagePath('en', null, '', origin)).toBeNull();
    expect(rememberedLanguagePath('en', 'en', '', origin)).toBeNull();
    expect(rememberedLanguagePath('sv', 'en', '', origin)).toBeNull();
  });
});
