// Bulk centre benchmark (issue 26 target), against the built server on PostgreSQL:
//   POST /data/bulk/ {action: 'status', filters: {...}} over 100,000 leads, timed from the
//   request until GET /data/bulk/{id}/ says done                         (target <= 10 s)
// The leads are inserted straight into the table (the bench is about the bulk job, not about
// creating leads). Usage: npm run build && npm run bench:data-bulk
//   BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/bench_bulk);
//   its schema is dropped and made anew. BENCH_ROWS changes the lead count (default 100000).
import pg from 'pg';
import { registerBenchOwner, startApi, withoutLimits } from './leads-support.mjs';
import { report, sleep } from './support.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_bulk';

async function withClient(fn) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

await withClient((c) =>
  c.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;'),
);
const server = await startApi(databaseUrl);
const { base } = server;
const results = { database: 'postgres', rows: ROWS };
try {
  const { auth, organizationId } = await registerBenchOwner(base);
  await withoutLimits(databaseUrl, organizationId);
  await withClient(async (c) => {
    await c.query(
      `insert into leads (organization_id, first_name, email, company, status, source)
       select $1::uuid, 'Lead ' || g, 'lead' || g || '@bench-bulk.example.com', 'Bulk ' || (g % 100) || ' AB', 'new', 'manual'
       from generate_series(1, $2::int) g`,
      [organizationId, ROWS],
    );
    await c.query('analyze leads');
  });

  const started = performance.now();
  const res = await fetch(`${base}/api/v1/data/bulk/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      resource: 'leads',
      action: 'status',
      filters: { status: 'new' },
      params: { status: 'contacted' },
    }),
  });
  if (res.status !== 202) throw new Error(`POST /data/bulk/: ${res.status} ${await res.text()}`);
  const { data: queued } = await res.json();
  let job = queued;
  while (job.status === 'queued' || job.status === 'running') {
    await sleep(100);
    const polled = await fetch(`${base}/api/v1/data/bulk/${queued.id}/`, { headers: auth });
    job = (await polled.json()).data;
  }
  results.bulk_status_s = Math.round(performance.now() - started) / 1000;
  results.job = {
    status: job.status,
    done: job.progress.done,
    total: job.progress.total,
    changed: job.changed,
    failure: job.failure,
  };
  if (job.status !== 'done' || job.changed !== ROWS) throw new Error(`bulk job ended ${JSON.stringify(job)}`);
  const [{ n }] = await withClient(
    async (c) => (await c.query(`select count(*)::int as n from leads where status = 'contacted'`)).rows,
  );
  if (n !== ROWS) throw new Error(`${n} leads contacted of ${ROWS}`);

  report(
    `Bulk status change, ${ROWS.toLocaleString('en')} leads, PostgreSQL`,
    [['POST /data/bulk/ until done', `${results.bulk_status_s} s`, results.bulk_status_s <= 10, '<= 10 s']],
    'data-bulk',
    results,
  );
} finally {
  await server.stop();
}
