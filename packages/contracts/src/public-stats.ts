import { z } from 'zod';

/**
 * GET /public/stats/ (spec 01 §7): figures a landing page may show about the product as a whole.
 * Totals across every organisation, rounded down (docs/leads-scoring.md "Public figures"), never
 * anything of one organisation; recomputed at most every PUBLIC_STATS_TTL_SECONDS.
 */
export const PUBLIC_STATS_TTL_SECONDS = 300;

export const publicStatsSchema = z.object({
  /** Leads captured and kept (the bin excluded), rounded down: "12,000+". */
  leads_captured: z.number().int().nonnegative(),
  /** Events that went live (not drafts, not cancelled), rounded down. */
  events_run: z.number().int().nonnegative(),
  /** Organisations using the product, rounded down. */
  organizations: z.number().int().nonnegative(),
  /** When the figures were counted. */
  updated_at: z.iso.datetime(),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

/**
 * A figure as shown: exact below 100, else rounded down to two significant digits (1,234 ->
 * 1,200; 56,789 -> 56,000), so the page says "1,200+" and no exact count of a small figure
 * (a competitor counting sign-ups day by day) can be read from it.
 */
export function roundedFigure(n: number): number {
  if (n < 100) return Math.max(0, Math.floor(n));
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / unit) * unit;
}
