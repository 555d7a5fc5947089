import { describe, expect, it } from 'vitest';
import { registerSchema } from './auth.ts';
import { newPasswordSchema, passwordRequirements, passwordStrength } from './passwords.ts';

describe('password rules', () => {
  it('rates strength very weak … strong by the requirements met', () => {
    expect(passwordStrength('')).toBe('very_weak');
    expect(passwordStrength('abc')).toBe('very_weak');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcdefgH')).toBe('fair');
    expect(passwordStrength('abcdefH1')).toBe('good');
    expect(passwordStrength('abcdeH1!')).toBe('strong');
    expect(passwordRequirements('aB1!')).toEqual({
      length: false,
      lowercase: true,
      uppercase: true,
      number: true,
      special: true,
    });
  });

  it('needs 8 to 128 characters with upper, lower and digit for a new password', () => {
    expect(newPasswordSchema.safeParse('Booth2026').success).toBe(true);
    expect(newPasswordSchema.safeParse('booth2026').success).toBe(false);
    expect(newPasswordSchema.safeParse('BOOTH2026').success).toBe(false);
    expect(newPasswordSchema.safeParse('Boothxyz!').success).toBe(false);
    expect(newPasswordSchema.safeParse('Bo1').success).toBe(false);
    expect(newPasswordSchema.safeParse(`Aa1${'x'.repeat(126)}`).success).toBe(false);
  });

  it('reports a mismatch on password_confirm and refused terms with the catalogue wording', () => {
    const r = registerSchema.safeParse({
      first_name: 'Ada',
      last_name: 'L',
      email: 'Ada@Example.com ',
      company_name: 'Booth AB',
      password: 'Booth2026',
      password_confirm: 'Booth2027',
      terms_accepted: false,
    });
    expect(r.success).toBe(false);
    const issues = r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['password_confirm', 'Passwords do not match']);
    expect(issues).toContainEqual(['terms_accepted', 'You must agree to the terms and conditions']);
    const ok = registerSchema.parse({
      first_name: 'Ada',
      last_name: 'L',
      email: ' Ada@Example.com',
      company_name: 'Booth AB',
      password: 'Booth2026',
      password_confirm: 'Booth2026',
      terms_accepted: true,
    });
    expect(ok.email).toBe('ada@example.com');
    expect(ok.newsletter_opt_in).toBe(false);
  });
});
