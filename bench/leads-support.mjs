/**
 * Shared by the leads-at-scale scripts (seed-leads.mjs, leads-list.mjs): the database they use,
 * the big organisation's owner, and the built API started against that database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, sleep, spawnServer, waitFor } from './support.mjs';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_leads';
/** The big organisation's owner: the list bench signs in as them. */
export const OWNER = { email: 'owner@bench-leads.example.com', password: 'Booth2026Leads!' };
/** Kept as the database's comment once the seed has finished; a rerun finds it and stops. */
export const SEED_MARKER = 'leadcapture bench_leads seed v1';

/**
 * The built server (apps/server/dist) on the bench database: its start migrates the schema,
 * which on a seeded database may build new indexes over two million rows, hence the long wait.
 */
export async function startApi(databaseUrl = BENCH_DATABASE_URL) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-bench-leads-'));
  const child = spawnServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the API exited early (code ${code})`))),
  );
  // Once the API is up its later exit (our own stop) is not an error.
  exited.catch(() => {});
  await Promise.race([waitFor(`${base}/api/v1/status/`, 600_000), exited]);
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A CSV of `rows` leads as a trade-fair team exports them: Swedish text, a list cell, CRLF. */
export function importFile(rows) {
  const lines = ['First name,Last name,Email,Phone,Company,Job title,Interest,Tags,Notes'];
  const interests = ['hot', 'warm', 'cold', ''];
  for (let i = 1; i <= rows; i += 1) {
    lines.push(
      `Förnamn${i},Efternamn${i},person${i}@example.com,070-${String(i).padStart(7, '0')},Företag ${i % 5000} AB,Inköpare,${interests[i % 4]},"mässa,bench",Träffad i montern`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Imports a generated file of `rows` leads (importFile) through the API and waits until the
 * import record is completed or failed; answers the record and the file's size in bytes.
 */
export async function importCsv(base, auth, rows) {
  const file = importFile(rows);
  const form = new FormData();
  form.append('duplicates', 'skip');
  form.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
  const posted = await fetch(`${base}/api/v1/leads/import_leads/`, { method: 'POST', headers: auth, body: form });
  if (posted.status !== 202) throw new Error(`import: ${posted.status} ${await posted.text()}`);
  const { id } = (await posted.json()).data;
  for (;;) {
    const record = (await (await fetch(`${base}/api/v1/data/imports/${id}/`, { headers: auth })).json()).data;
    if (record.status === 'completed' || record.status === 'failed') return { record, bytes: Buffer.byteLength(file) };
    await sleep(100);
  }
}

/**
 * Signs a new bench owner up; answers their bearer header and organisation. The organisation
 * starts on the 14-day trial, whose plan allows 1,000 new leads a month: a bench that imports
 * more lifts its limits with `withoutLimits` first.
 */
export async function registerBenchOwner(base) {
  const password = 'Booth2026Leads';
  const reg = await fetch(`${base}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Owner',
      email: `bench.${Date.now()}@example.com`,
      company_name: 'Bench AB',
      password,
      password_confirm: password,
      terms_accepted: true,
    }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const { access, organization } = (await reg.json()).data;
  return { auth: { authorization: `Bearer ${access}` }, organizationId: organization.id };
}

/** The statement that puts an organisation on enterprise (no limits), as its owner could not. */
export const ENTERPRISE_SQL = `update subscriptions set plan_id = 'enterprise', status = 'active', trial_end = null
  where organization_id = $1`;

/** Puts the organisation on enterprise in a PostgreSQL database (as the database's superuser). */
export async function withoutLimits(databaseUrl, organizationId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(ENTERPRISE_SQL, [organizationId]);
  } finally {
    await client.end();
  }
}
