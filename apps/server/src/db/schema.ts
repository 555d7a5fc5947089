/** Every table, for drizzle-kit and the typed query builder. Each module owns its tables. */
export * from '../modules/auth/auth.table.ts';
export * from '../modules/organizations/organizations.table.ts';
export * from '../modules/audit/audit.table.ts';
export * from '../modules/billing/billing.table.ts';
export * from '../modules/onboarding/onboarding.table.ts';
export * from '../modules/files/files.table.ts';
export * from '../jobs/outbox.table.ts';
export * from '../modules/events/events.table.ts';
export * from '../modules/offers/offers.table.ts';
export * from '../modules/leads/leads.table.ts';
export * from '../modules/clients/clients.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/leads/lead-imports.table.ts';
export * from '../modules/team/team.table.ts';
export * from '../modules/webhooks/webhooks.table.ts';
