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

/** English, the source language: every namespace of locales/en in one chunk, loaded on demand. */
export const en = {
  common,
  auth,
  errors,
  dashboard,
  data,
  settings,
  billing,
  legal,
  support,
  builder,
  events,
  leads,
  clients,
  notifications,
  offers,
  team,
  apiKeys,
  integrations,
  webhooks,
  analytics,
  staff,
  'data-imports': dataImports,
  help,
  landing,
} as const;
