import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthResult } from '@leadcapture/contracts/auth';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A mailer that keeps what it sends, for assertions. */
export function memoryMailer(): Mailer & { sent: MailMessage[]; failNext: number } {
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

export async function createTestApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-app-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' },
    { dataDir, jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789' },
  );
  const database = await openTestDatabase();
  const mailer = memoryMailer();
  const app = await buildApp({ config, database, mailer, runOutbox: false, logger: false });
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

let seq = 0;
/** A unique email per call, so test files can share one PostgreSQL database. */
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}.${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = 'Booth2026Leads';

export async function registerUser(
  t: TestApp,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<AuthResult & { email: string; password: string }> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register/',
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

export function bearer(access: string) {
  return { authorization: `Bearer ${access}` };
}
