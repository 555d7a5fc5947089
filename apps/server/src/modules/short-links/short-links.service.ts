import { and, eq, sql } from 'drizzle-orm';
import { SHORT_CODE_PATTERN } from '@leadcapture/contracts/event-urls';
import type { AppDeps } from '../../http/deps.ts';
import type { ThrottleRule } from '../../http/throttle.ts';
import { events } from '../events/events.table.ts';
import { offers } from '../offers/offers.table.ts';

// The module's public surface for other modules (docs/architecture.md, "Modules"): what they may
// use of its other files.
export { qrResponse, renderQrCode, sendQrCode } from './qr-code.ts';

/**
 * Unknown codes an address may try before it is refused for a while: a visitor mistypes a
 * printed link now and then; a script walking the code space (55 bits) hits this at once.
 */
export const SHORT_LINK_MISSES: ThrottleRule = { name: 'short-link-miss', limit: 30, windowSeconds: 10 * 60 };

/**
 * The public page behind a short link's code (docs/short-links.md): /capture/{slug} for an
 * active event, /show/{slug} for a published offer, null for anything else (unknown, or a
 * page that is not public: its address is not given away). The first letter names the table;
 * the public lookup admits the one row whose code it is.
 */
export async function shortLinkTarget(deps: AppDeps, rawCode: string): Promise<string | null> {
  // Crockford base32 reads case-insensitively: a link typed from print in capitals works too.
  const code = rawCode.toLowerCase();
  if (!SHORT_CODE_PATTERN.test(code)) return null;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.public_lookup', ${code}, true)`);
    if (code.startsWith('e')) {
      const [event] = await tx
        .select({ slug: events.slug })
        .from(events)
        .where(and(eq(events.shortCode, code), eq(events.status, 'active')));
      return event ? `/capture/${encodeURIComponent(event.slug)}` : null;
    }
    const [offer] = await tx
      .select({ slug: offers.slug })
      .from(offers)
      .where(and(eq(offers.shortCode, code), eq(offers.status, 'active'), eq(offers.isPublished, true)));
    return offer ? `/show/${encodeURIComponent(offer.slug)}` : null;
  });
}
