import 'i18next';
import type en from '../locales/en/common.json';

// Typed keys: `t('status.titel')` is a compile error instead of a raw key on screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof en };
    returnNull: false;
  }
}
