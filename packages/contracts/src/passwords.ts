import { z } from 'zod';
import { LOGIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './sign-in-rules.ts';

export { LOGIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH };

/** Password rules of spec 01 §5: 8+ with upper, lower and digit at register and change; 6+ at login. */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  required: 'This field is required',
  min: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  max: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  composition: 'Password must contain uppercase, lowercase and numbers',
  common: 'This password is too common or easy to guess. Choose another one.',
  mismatch: 'Passwords do not match',
} as const;

/** A new password (register, reset, change). Common-password refusal happens on the server. */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.min)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.max)
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), PASSWORD_MESSAGES.composition);

export const loginPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .min(LOGIN_PASSWORD_MIN_LENGTH, `Password must be at least ${LOGIN_PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.max);

export type PasswordStrength = 'very_weak' | 'weak' | 'fair' | 'good' | 'strong';

/** The five requirements shown on reset password (spec 01 §5). */
export function passwordRequirements(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    number: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

/** Strength meter levels very weak … strong: one level per requirement met. */
export function passwordStrength(password: string): PasswordStrength {
  const met = Object.values(passwordRequirements(password)).filter(Boolean).length;
  const levels: PasswordStrength[] = ['very_weak', 'very_weak', 'weak', 'fair', 'good', 'strong'];
  return levels[met] ?? 'very_weak';
}
