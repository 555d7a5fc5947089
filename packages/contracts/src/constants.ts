/** Product constants of spec 01 §9 and spec 02 §9, shared by server and web. */

export const UI_LANGUAGES = ['en', 'sv'] as const;
/** Languages offered on the profile (the UI itself is en and sv). */
export const PROFILE_LANGUAGES = ['en', 'sv', 'es', 'fr', 'de', 'ja', 'zh'] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

/** Timezones offered on the profile (ET, CT, MT, PT, London, Paris, Tokyo, Shanghai) plus UTC. */
export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Europe/Stockholm',
  'Asia/Tokyo',
  'Asia/Shanghai',
] as const;

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

export const INDUSTRIES = [
  'technology',
  'finance',
  'healthcare',
  'retail',
  'manufacturing',
  'education',
  'real_estate',
  'consulting',
  'media',
  'non_profit',
  'other',
] as const;

export const COUNTRIES = ['us', 'ca', 'gb', 'au', 'de', 'fr', 'jp', 'br', 'in', 'cn', 'se'] as const;

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const TRIAL_DAYS = 14;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
