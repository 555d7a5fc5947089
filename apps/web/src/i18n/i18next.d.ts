import 'i18next';
import type { Resources } from './i18n.ts';

// Typed keys: `t('auth:login.titel')` is a compile error instead of a raw key on screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
    returnNull: false;
  }
}
