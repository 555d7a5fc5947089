import type { UsageResource } from '@leadcapture/contracts/billing';
import { formatMoney, formatNumber } from '../../../lib/format.ts';

/**
 * Prices arrive in minor units of USD (spec 02 §9): en-US with two decimals in English ("$29.00"),
 * the same dollar amount written the Swedish way on /sv ("29,00 US$").
 */
export function formatPrice(minorUnits: number, language: string, currency = 'usd'): string {
  return formatMoney(minorUnits, language, currency.toUpperCase());
}

/** Storage is counted in MB; whole gigabytes read as GB. */
export function formatStorage(megabytes: number, language: string): string {
  if (megabytes >= 1024 && megabytes % 1024 === 0) return `${formatNumber(megabytes / 1024, language)} GB`;
  return `${formatNumber(megabytes, language)} MB`;
}

/** A usage figure of `resource` as read: storage in MB or GB, everything else a count. */
export function formatUsageValue(resource: UsageResource, value: number, language: string): string {
  return resource === 'storage' ? formatStorage(value, language) : formatNumber(value, language);
}
