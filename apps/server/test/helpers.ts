import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { PlanId } from '@leadcapture/contracts/billing';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import type { FairShareOptions } from '../src/http/fair-share.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { LiveChannelOptions } from '../src/modules/live/live.service.ts';
import { inScope } from '../src/db/tenant.ts';
import { subscriptions } from '../src/modules/billing/billing.table.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import type { Outbound } from '../src/outbound/outbound.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A delivered message as spooled for other test processes. */
interface SpooledMail extends MailMessage {
  sentAt: number;
}

/** The per-run spool directory of global-setup, if this run has one. */
function mailSpool(): string | undefined {
  return inject('mailSpool') || undefined;
}

/**
 * A mailer that keeps what it sends, for assertions. It also writes every message to the run's
 * spool: on PostgreSQL all test files share one outbox table, so another file's app may be
 * the one that delivers a message this file enqueued (see mailsTo).
 */
export function memoryMailer(spool = mailSpool()): Mailer & { sent: MailMessage[]; failNext: number } {
  const box = {
    transport: 'file' as const,
    sent: [] as MailMessage[],
    failNext: 0,
    async send(m: MailMessage) {
      if (box.failNext > 0) {
        box.failNext -= 1;
        throw new Error('SMTP unavailable');
      }
      box.sent.push(m);
      if (spool) {
        const file = path.join(spool, `${m.id}.json`);
        const spooled: SpooledMail = { ...m, sentAt: Date.now() };
        writeFileSync(`${file}.tmp`, JSON.stringify(spooled));
        renameSync(`${file}.tmp`, file);
      }
    },
    close() {},
  };
  return box;
}

/** The database under test: real PostgreSQL when TEST_DATABASE_URL is set, else PGlite in memory. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, migrate: false, poolSize: 5 });
  return openDatabase({ kind: 'pglite', dataDir: 'memory://', templatePath: inject('pgliteTemplate'), migrate: false });
}

/**
 * ANALYZE a table, as autovacuum (PostgreSQL) or the maintenance task (PGlite) would have by
 * now: the app role may on PGlite (pg_maintain); on PostgreSQL the test run's owner does it.
 */
export async function analyzeTable(database: DatabaseHandle, table: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return database.execScript(`ANALYZE ${table}`);
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    await owner.query(`ANALYZE ${table}`);
  } finally {
    await owner.end();
  }
}

/** The HS256 secret of every test app (tests craft their own tokens with it). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestAppOptions {
  /** Extra environment variables for loadConfig, e.g. CORS_ORIGINS or WEB_DIST_DIR. */
  env?: Record<string, string | undefined>;
  /** Log (at LOG_LEVEL, default silent) to this stream instead of not at all: a test reads the log. */
  logStream?: DestinationStream;
  /** Each organisation's share of heavy work, narrowed or widened for a test. */
  fairShare?: Partial<FairShareOptions>;
  /** Outgoing requests through this guard (a stub resolver) instead of the configured one. */
  outbound?: Outbound;
  /** The live channels' heartbeat, send buffer cap and throttle, narrowed for a test. */
  liveChannels?: Partial<LiveChannelOptions>;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-app-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      // Local test doubles listen on 127.0.0.1; test/no-outbound.ts keeps everything else out.
      OUTBOUND_ALLOW_PRIVATE: 'true',
      ...options.env,
    },
    { dataDir, jwtSecret: TEST_JWT_SECRET },
  );
  const database = await openTestDatabase();
  const mailer = memoryMailer();
  const logging = options.logStream ? { logStream: options.logStream } : { logger: false as const };
  const app = await buildApp({
    config,
    database,
    mailer,
    fairShare: options.fairShare,
    ...(options.outbound ? { outbound: options.outbound } : {}),
    ...(options.liveChannels ? { liveChannels: options.liveChannels } : {}),
    runOutbox: false,
    runScheduler: false,
    ...logging,
  });
  await app.ready();
  return {
    app,
    database,
    mailer,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Messages to `to`, oldest first, after delivering this app's outbox. Waits (up to timeoutMs)
 * until there are at least `atLeast`: on a shared PostgreSQL another test process may be
 * delivering them. Recipients are unique per test, so other files' mail never matches.
 */
export async function mailsTo(
  t: TestApp,
  to: string,
  { atLeast = 1, timeoutMs = 5000 }: { atLeast?: number; timeoutMs?: number } = {},
): Promise<MailMessage[]> {
  const spool = mailSpool();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.app.deps.outbox.drain();
    const found = spool
      ? readdirSync(spool)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(readFileSync(path.join(spool, f), 'utf8')) as SpooledMail)
          .filter((m) => m.to === to)
          .sort((a, b) => a.sentAt - b.sentAt)
          .map(({ sentAt: _sentAt, ...m }) => m)
      : t.mailer.sent.filter((m) => m.to === to);
    if (found.length >= atLeast || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let seq = 0;
/** A unique email per call, so test files can share one PostgreSQL database. */
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}.${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = 'Booth2026Leads';

let addressSeq = 0;
/**
 * A distinct client address per call (TEST-NET-2/3 ranges), so the per-address throttles of
 * one file's many registrations and logins do not add up; throttle tests pass their own.
 */
export function uniqueAddress(): string {
  addressSeq += 1;
  return `198.${51 + Math.floor(addressSeq / 65536)}.${Math.floor(addressSeq / 256) % 256}.${addressSeq % 256}`;
}

export async function registerUser(
  t: TestApp,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<AuthResult & { email: string; password: string }> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register/',
    remoteAddress: uniqueAddress(),
    payload: {
      first_name: 'Ada',
      last_name: 'Lindqvist',
      email,
      company_name: `Booth Co ${Math.random().toString(36).slice(2, 7)}`,
      password: PASSWORD,
      password_confirm: PASSWORD,
      terms_accepted: true,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as AuthResult;
  return { ...data, email, password: (overrides.password as string | undefined) ?? PASSWORD };
}

/**
 * Puts the organisation on `plan`, active and out of its trial: a test that creates more than a
 * trial allows (ten members, a thousand leads a month) runs on enterprise, which has no limits.
 */
export async function setPlan(t: TestApp, organizationId: string, plan: PlanId): Promise<void> {
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .update(subscriptions)
      .set({ planId: plan, status: 'active', trialEnd: null })
      .where(eq(subscriptions.organizationId, organizationId)),
  );
}

export function bearer(access: string) {
  return { authorization: `Bearer ${access}` };
}
