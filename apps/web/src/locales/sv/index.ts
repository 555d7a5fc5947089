import type { en } from '../en/index.ts';
import analytics from './analytics.json';
import apiKeys from './apiKeys.json';
import auth from './auth.json';
import billing from './billing.json';
import builder from './builder.json';
import clients from './clients.json';
import common from './common.json';
import dashboard from './dashboard.json';
import dataImports from './data-imports.json';
import data from './data.json';
import errors from './errors.json';
import help from './help.json';
import landing from './landing.json';
import events from './events.json';
import integrations from './integrations.json';
import leads from './leads.json';
import legal from './legal.json';
import notifications from './notifications.json';
import offers from './offers.json';
import settings from './settings.json';
import support from './support.json';
import team from './team.json';
import staff from './staff.json';
import webhooks from './webhooks.json';

/**
 * Swedish. `satisfies` makes tsc reject a file that lacks an English key; locales.test.ts also
 * catches keys that exist only here and placeholders that differ.
 */
export const sv = {
  common: common satisfies (typeof en)['common'],
  auth: auth satisfies (typeof en)['auth'],
  errors: errors satisfies (typeof en)['errors'],
  dashboard: dashboard satisfies (typeof en)['dashboard'],
  data: data satisfies (typeof en)['data'],
  settings: settings satisfies (typeof en)['settings'],
  billing: billing satisfies (typeof en)['billing'],
  legal: legal satisfies (typeof en)['legal'],
  support: support satisfies (typeof en)['support'],
  events: events satisfies (typeof en)['events'],
  builder: builder satisfies (typeof en)['builder'],
  leads: leads satisfies (typeof en)['leads'],
  clients: clients satisfies (typeof en)['clients'],
  notifications: notifications satisfies (typeof en)['notifications'],
  offers: offers satisfies (typeof en)['offers'],
  team: team satisfies (typeof en)['team'],
  apiKeys: apiKeys satisfies (typeof en)['apiKeys'],
  integrations: integrations satisfies (typeof en)['integrations'],
  webhooks: webhooks satisfies (typeof en)['webhooks'],
  analytics: analytics satisfies (typeof en)['analytics'],
  staff: staff satisfies (typeof en)['staff'],
  'data-imports': dataImports satisfies (typeof en)['data-imports'],
  help: help satisfies (typeof en)['help'],
  landing: landing satisfies (typeof en)['landing'],
} as const;
