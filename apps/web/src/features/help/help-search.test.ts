import { describe, expect, it } from 'vitest';
import { files as english } from './content-en.ts';
import { files as swedish } from './content-sv.ts';
import { buildLibrary } from './help-content.ts';
import { createHelpSearch, foldTerm, HELP_QUERY_MAX_LENGTH } from './help-search.ts';

const en = createHelpSearch('en', buildLibrary('en', english));
const sv = createHelpSearch('sv', buildLibrary('sv', swedish));
const first = (hits: { category: string; slug: string }[]) => (hits[0] ? `${hits[0].category}/${hits[0].slug}` : null);

describe('help search', () => {
  it('finds English articles by title words and by words only in the body', () => {
    expect(first(en.search('webhooks'))).toBe('integrations/send-webhooks');
    expect(first(en.search('held leads'))).toBe('billing/held-leads');
    // "Argon2id" appears only in the body of the account security article.
    expect(first(en.search('argon2id'))).toBe('security/account-security');
  });

  it('forgives typos in English', () => {
    expect(first(en.search('webhoks'))).toBe('integrations/send-webhooks');
    expect(first(en.search('invoises'))).toBe('billing/invoices-and-payment');
    expect(first(en.search('zappier'))).toBe('integrations/connect-zapier');
  });

  it('matches as you type (prefixes)', () => {
    expect(first(en.search('zapi'))).toBe('integrations/connect-zapier');
    expect(first(sv.search('faktur'))).toMatch(/^billing\//);
  });

  it('forgives typos in Swedish', () => {
    expect(first(sv.search('granskningslog'))).toBe('security/audit-log');
    expect(first(sv.search('vilnde leads'))).toBe('billing/held-leads');
    expect(first(sv.search('webbhooks'))).toBe('integrations/send-webhooks');
  });

  it('finds Swedish words typed without å ä ö, and with them', () => {
    expect(first(sv.search('losenord'))).toBe('security/account-security');
    expect(first(sv.search('lösenord'))).toBe('security/account-security');
    expect(first(sv.search('LÖSENORD'))).toBe('security/account-security');
    expect(foldTerm('Försäljning')).toBe('forsaljning');
  });

  it('ignores common words and empty queries, and copes with very long input and markup', () => {
    expect(en.search('')).toEqual([]);
    expect(en.search('   ')).toEqual([]);
    expect(en.search('the')).toEqual([]);
    const long = '<script>alert(1)</script> '.repeat(300);
    expect(long.length).toBeGreaterThan(HELP_QUERY_MAX_LENGTH);
    const started = performance.now();
    expect(Array.isArray(en.search(long))).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers a word no article has with nothing', () => {
    expect(en.search('xylophone')).toEqual([]);
  });
});
