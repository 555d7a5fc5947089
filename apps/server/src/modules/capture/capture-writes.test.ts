import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database.ts';
import { createCaptureWrites, type CaptureWrite } from './capture-writes.ts';

/**
 * How captures are grouped into statements (decision 023), against a database stand-in whose
 * statements stay out until the test lets them return: what the rules are about is which
 * captures go together and when, not what `capture_leads` does with them (leads.service.test.ts
 * runs them against the real function, on PGlite and PostgreSQL).
 */
function heldDatabase() {
  const dialect = new PgDialect();
  const out: { size: number; release: () => void }[] = [];
  const db = {
    execute(query: SQL) {
      const [items] = dialect.sqlToQuery(query).params;
      const size = (JSON.parse(String(items)) as unknown[]).length;
      return new Promise((resolve) => {
        out.push({
          size,
          release: () =>
            resolve({ rows: Array.from({ length: size }, (_, item) => ({ item, kind: 'created', lead_id: null })) }),
        });
      });
    },
  } as unknown as Queryable;
  return { db, out };
}

let visitor = 0;
function capture(): CaptureWrite {
  visitor += 1;
  return {
    organizationId: '00000000-0000-4000-8000-000000000001',
    pageKind: 'event',
    pageId: '00000000-0000-4000-8000-000000000002',
    pageVersion: 'v1',
    rulesVersion: null,
    lead: { id: `lead-${visitor}` },
    messageId: `message-${visitor}`,
    outbox: [],
    confirmation: null,
    email: `visitor.${visitor}@example.com`,
    assign: null,
    answerPoints: 0,
  };
}

const created = { kind: 'created' };

/** One turn of the event loop: the writer starts its statements when the turn ends. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('capture statements (capture-writes.ts)', () => {
  it('writes a lone capture at once, and starts a second statement only with company', async () => {
    const { db, out } = heldDatabase();
    const writes = createCaptureWrites(db);

    const first = writes.write(capture());
    await turn();
    expect(out.map((s) => s.size)).toEqual([1]);

    // Fifteen arrive while it is out: too few for a statement of their own.
    const next = Array.from({ length: 15 }, () => writes.write(capture()));
    await turn();
    expect(out.map((s) => s.size)).toEqual([1]);

    // The sixteenth makes a second statement worth its cost.
    next.push(writes.write(capture()));
    await turn();
    expect(out.map((s) => s.size)).toEqual([1, 16]);

    // Both slots busy: the next ones wait, however many.
    const late = Array.from({ length: 3 }, () => writes.write(capture()));
    await turn();
    expect(out).toHaveLength(2);

    // The first returns; one statement is still out, and three are too few to join it.
    out[0]?.release();
    expect(await first).toEqual(created);
    await turn();
    expect(out).toHaveLength(2);

    // Nothing out: the three go at once, without waiting for more.
    out[1]?.release();
    expect(await Promise.all(next)).toEqual(Array(16).fill(created));
    await turn();
    expect(out.map((s) => s.size)).toEqual([1, 16, 3]);
    out[2]?.release();
    expect(await Promise.all(late)).toEqual([created, created, created]);
  });

  it('takes at most 64 captures in one statement', async () => {
    const { db, out } = heldDatabase();
    const writes = createCaptureWrites(db);
    const rush = Array.from({ length: 100 }, () => writes.write(capture()));
    await turn();
    // Nothing was out: the first 64 go; the other 36 are company enough for the second slot.
    expect(out.map((s) => s.size)).toEqual([64, 36]);
    for (const statement of out) statement.release();
    expect(await Promise.all(rush)).toEqual(Array(100).fill(created));
  });
});
