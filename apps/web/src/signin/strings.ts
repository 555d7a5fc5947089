import { fields as enFields, login as enLogin, resetPassword as enReset } from '../locales/en/auth.json';
import { brand as enBrand, language as enLanguage, nav as enNav, theme as enTheme } from '../locales/en/common.json';
import { validation as enValidation } from '../locales/en/errors.json';
import { fields as svFields, login as svLogin, resetPassword as svReset } from '../locales/sv/auth.json';
import { brand as svBrand, language as svLanguage, nav as svNav, theme as svTheme } from '../locales/sv/common.json';
import { validation as svValidation } from '../locales/sv/errors.json';
import type { Language } from '../i18n/language.ts';

/**
 * The sign-in page's strings: the app's own catalogues (locales/), the few sections this page
 * reads imported by name so the build leaves the rest out, and a `t` without i18next. Swedish is
 * complete because the app's catalogue test already checks those files key for key.
 */

const catalogue = (
  auth: { login: typeof enLogin; fields: typeof enFields; resetPassword: typeof enReset },
  common: { brand: typeof enBrand; language: typeof enLanguage; nav: typeof enNav; theme: typeof enTheme },
  validation: typeof enValidation,
) => ({
  metaTitle: auth.login.metaTitle,
  title: auth.login.title,
  description: auth.login.description,
  forgotLink: auth.login.forgotLink,
  submit: auth.login.submit,
  noAccount: auth.login.noAccount,
  registerLink: auth.login.registerLink,
  invalidCredentials: auth.login.invalidCredentials,
  rateLimited: auth.login.rateLimited,
  failed: auth.login.failed,
  orContinueWith: auth.login.orContinueWith,
  continueWith: auth.login.continueWith,
  socialStateMismatch: auth.login.social.SOCIAL_STATE_MISMATCH,
  socialNonceMismatch: auth.login.social.SOCIAL_NONCE_MISMATCH,
  socialEmailUnverified: auth.login.social.SOCIAL_EMAIL_UNVERIFIED,
  socialAccountExists: auth.login.social.SOCIAL_ACCOUNT_EXISTS,
  socialProviderError: auth.login.social.SOCIAL_PROVIDER_ERROR,
  socialPermissionDenied: auth.login.social.PERMISSION_DENIED,
  socialOther: auth.login.social.other,
  socialLinkFailed: auth.login.social.linkFailed,
  continueLink: auth.login.continueLink,
  email: auth.fields.email,
  password: auth.fields.password,
  passwordReset: auth.resetPassword.done,
  brand: common.brand.name,
  languageSwitch: common.nav.languageSwitch,
  skipToContent: common.nav.skipToContent,
  languageEn: common.language.en,
  languageSv: common.language.sv,
  switchToDark: common.theme.switchToDark,
  switchToLight: common.theme.switchToLight,
  required: validation.required,
  email_invalid: validation.email,
  too_long: validation.maxLength,
  password_too_short: validation.minLength,
  password_too_long: validation.passwordMax,
});

const catalogues = {
  en: catalogue(
    { login: enLogin, fields: enFields, resetPassword: enReset },
    { brand: enBrand, language: enLanguage, nav: enNav, theme: enTheme },
    enValidation,
  ),
  sv: catalogue(
    { login: svLogin, fields: svFields, resetPassword: svReset },
    { brand: svBrand, language: svLanguage, nav: svNav, theme: svTheme },
    svValidation,
  ),
} satisfies Record<Language, unknown>;

export type MessageKey = keyof (typeof catalogues)['en'];
export type Translate = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

/** i18next's `{{name}}` placeholders; an unknown one stays visible rather than vanishing. */
export function createTranslator(language: Language): Translate {
  const strings = catalogues[language];
  return (key, values = {}) =>
    strings[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : whole,
    );
}
