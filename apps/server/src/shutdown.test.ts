import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memoryMailer, openTestDatabase, TEST_JWT_SECRET, uniqueEmail } from '../test/helpers.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { queryRows, type DatabaseHandle } from './db/database.ts';
import { inScope } from './db/tenant.ts';
import { enqueue } from './jobs/outbox.ts';
import { drainOutboxOnClose } from './shutdown.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { dataDir: mkdtempSync(path.join(tmpdir(), 'leadcapture-shutdown-')), jwtSecret: TEST_JWT_SECRET },
  );
  app = await buildApp({
    config,
    database,
    mailer: memoryMailer(),
    runOutbox: false,
    runScheduler: false,
    logger: false,
  });
  // As main.ts does: before the app is ready.
  drainOutboxOnClose(app, () => Date.now() + 30_000);
  await app.ready();
});
afterAll(() => database.close());

it('delivers what is due in the outbox when the app closes, before the worker stops', async () => {
  const to = uniqueEmail('shutdown');
  // Written as a request would, but with no kick: only a poll or the close delivers it.
  const id = await inScope(database.db, {}, (tx) =>
    enqueue(tx, {
      kind: 'mail.send',
      payload: { template: 'team_invitation', to, language: 'en', name: 'Ada', link: 'http://localhost:3000/x' },
    }),
  );
  await app.close();
  const [row] = await queryRows<{ delivered: boolean }>(
    database.db,
    sql`select delivered_at is not null as delivered from outbox where id = ${id}`,
  );
  expect(row?.delivered).toBe(true);
});
