import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadSchema } from '@leadcapture/contracts/leads';
import { expectData } from '../../../test/envelope.ts';
import {
  bearer,
  memoryMailer,
  openTestDatabase,
  registerUser,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../../test/helpers.ts';
import { openSocket, settle, type TestSocket } from '../../../test/live.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';

const redisUrl = process.env.TEST_REDIS_URL;
type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Two API processes (two apps, each with its own Redis connections) on one database: a lead
 * written on one reaches sockets held by the other, through Redis pub/sub, and only its
 * organisation's; and the channels keep working after the subscriber's Redis connection is cut.
 */
describe.skipIf(!redisUrl)('live channels across API processes sharing Redis', () => {
  // A name of this file's connections, so the restart below cuts ours and no other test's.
  const connectionName = `live-test-${randomUUID().slice(0, 8)}`;
  let database: DatabaseHandle;
  const connections: Redis[] = [];
  let a: App;
  let b: App;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const build = async () => {
      const redis = new Redis(redisUrl ?? '', { connectionName });
      connections.push(redis);
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' },
        { dataDir: mkdtempSync(path.join(tmpdir(), 'leadcapture-app-')), jwtSecret: TEST_JWT_SECRET },
      );
      const app = await buildApp({
        config,
        database,
        mailer: memoryMailer(),
        redis,
        runOutbox: false,
        runScheduler: false,
        logger: false,
      });
      await app.ready();
      return app;
    };
    a = await build();
    b = await build();
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await a.close();
    await b.close();
    for (const redis of connections) await redis.quit();
    await database.close();
  });

  const open = async (...args: Parameters<typeof openSocket>) => {
    const s = await openSocket(...args);
    sockets.push(s);
    return s;
  };

  async function createLead(app: App, access: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/leads/',
      headers: bearer(access),
      payload: { first_name: 'Greta', last_name: 'Berg', email: `greta.${randomUUID().slice(0, 8)}@example.com` },
    });
    const lead = expectData(leadSchema, res, 201);
    await app.deps.outbox.drain();
    return lead;
  }

  it('a lead written on one process reaches its organisation’s sockets on both, once, and no other', async () => {
    const ada = await registerUser({ app: a } as TestApp);
    const other = await registerUser({ app: a } as TestApp);
    const onA = await open(a, '/ws/leads/', { token: ada.access });
    const onB = await open(b, `/ws/organizations/${ada.organization?.id ?? ''}/`, { token: ada.access });
    const elsewhere = await open(b, '/ws/leads/', { token: other.access });
    // Each bus is subscribed once its first publish resolved (live-events.ts): warm both up.
    await a.deps.live.publish({ type: 'warm-up', organizationId: randomUUID(), data: null });
    await b.deps.live.publish({ type: 'warm-up', organizationId: randomUUID(), data: null });

    const lead = await createLead(a, ada.access);
    const created = (s: TestSocket) => s.messages.filter((m) => m.type === 'lead.created');
    await onA.until((m) => m.some((x) => x.type === 'lead.created'));
    await onB.until((m) => m.some((x) => x.type === 'lead.created'));
    await settle(200);
    expect(created(onA).map((m) => leadSchema.parse(m.data).id)).toEqual([lead.id]);
    expect(created(onB).map((m) => leadSchema.parse(m.data).id)).toEqual([lead.id]);
    expect(elsewhere.messages).toEqual([]);
  });

  it('keeps delivering after the subscriber’s Redis connection is cut (ioredis reconnects and resubscribes)', async () => {
    const ada = await registerUser({ app: a } as TestApp);
    const onB = await open(b, '/ws/leads/', { token: ada.access });
    const admin = new Redis(redisUrl ?? '');
    try {
      // Cut every subscriber connection of this file's two processes, as a Redis restart would.
      const list = await admin.client('LIST');
      const ids = String(list)
        .split('\n')
        .filter((line) => line.includes(`name=${connectionName}`) && /\bsub=[1-9]/.test(line))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1])
        .filter((id): id is string => id !== undefined);
      // The live bus's subscriber of each process, and the session cache's (me-cache.ts).
      expect(ids.length).toBeGreaterThanOrEqual(2);
      for (const id of ids) await admin.client('KILL', 'ID', id);
    } finally {
      await admin.quit();
    }
    // Messages published while the subscriber reconnects are lost to it (pub/sub keeps nothing):
    // the web app refetches when its socket reopens. Once back, delivery resumes.
    const deadline = Date.now() + 10_000;
    let lead;
    for (;;) {
      lead = await createLead(a, ada.access);
      await settle(100);
      if (onB.messages.some((m) => m.type === 'lead.created') || Date.now() > deadline) break;
    }
    const ids = onB.messages.filter((m) => m.type === 'lead.created').map((m) => leadSchema.parse(m.data).id);
    expect(ids).toContain(lead.id);
  });
});
