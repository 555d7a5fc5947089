import { formatNumber } from '../../../lib/format.ts';

/**
 * Submissions per page view in percent with one decimal, 0 without views: the rule of
 * `GET /offers/{id}/stats/`, so the list (which has only the two counts) shows the same figure.
 */
export function conversionRate(submissions: number, pageViews: number): number {
  return pageViews === 0 ? 0 : Math.round((submissions / pageViews) * 1000) / 10;
}

/** A rate in percent (12.5) as "12.5 %" in the page's language; Intl wants a fraction. */
export function formatConversion(rate: number, language: string): string {
  return formatNumber(rate / 100, language, { style: 'percent', maximumFractionDigits: 1 });
}
