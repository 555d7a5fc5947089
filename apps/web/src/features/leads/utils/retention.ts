/**
 * LEAD_RETENTION_DAYS of the contract (`@leadcapture/contracts/leads`), repeated so the leads list
 * need not load zod with that module to say when a deleted lead goes for good;
 * retention.test.ts keeps the two equal.
 */
export const LEAD_RETENTION_DAYS_WEB = 30;
