// Lead import and export benchmark (issue 5 targets), against the built server on PostgreSQL:
//   1. POST /leads/import_leads/ with a generated 100,000-row CSV, timed until the import record
//      is completed                                                    (target <= 20 s)
//   2. GET /leads/export/?format=csv of those 100,000 leads, read to the end (target <= 5 s)
//   3. the API process's RSS sampled during the export: peak growth  (target <= 100 MB)
// Usage: npm run build && npm run bench:import-export
//   BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/bench_imports);
//   its schema is dropped and made anew. BENCH_ROWS changes the row count (default 100000);
//   BENCH_API_NODE_ARGS: node flags for the API process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { importCsv, registerBenchOwner, startApi, withoutLimits } from './leads-support.mjs';
import { report, sleep } from './support.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_imports';

async function freshSchema(url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
    );
  } finally {
    await admin.end();
  }
}

/** Resident set size of a process in bytes (Linux). */
function rss(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

await freshSchema(databaseUrl);
// The built server with the leads benches' own start (migrates, waits until it answers).
const server = await startApi(databaseUrl);
const { base } = server;
const results = { database: 'postgres', rows: ROWS };
try {
  const { auth, organizationId } = await registerBenchOwner(base);
  await withoutLimits(databaseUrl, organizationId);

  // 1. Import.
  const importStarted = performance.now();
  const { record, bytes: fileBytes } = await importCsv(base, auth, ROWS);
  results.file_mb = Math.round((fileBytes / 1024 / 1024) * 10) / 10;
  results.import_s = Math.round(performance.now() - importStarted) / 1000;
  results.import = { status: record.status, created: record.created, failed: record.failed, failure: record.failure };
  if (record.status !== 'completed' || record.created !== ROWS)
    throw new Error(`import ended ${JSON.stringify(record)}`);

  // 2. Export, sampling the server's RSS.
  await sleep(1000);
  const baseline = rss(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(server.pid));
  }, 20);
  const exportStarted = performance.now();
  const res = await fetch(`${base}/api/v1/leads/export/?format=csv`, { headers: auth });
  if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines += 1;
  }
  results.export_s = Math.round(performance.now() - exportStarted) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss(server.pid));
  results.export = {
    total_header: Number(res.headers.get('x-total-count')),
    rows: lines - 1,
    mb: Math.round(bytes / 1024 / 102.4) / 10,
  };
  results.rss_baseline_mb = Math.round(baseline / 1024 / 1024);
  results.rss_peak_growth_mb = Math.round((peak - baseline) / 1024 / 1024);
  if (results.export.rows !== ROWS) throw new Error(`export streamed ${results.export.rows} rows of ${ROWS}`);

  report(
    `Lead import and export, ${ROWS.toLocaleString('en')} rows, PostgreSQL`,
    [
      ['CSV import (until completed)', `${results.import_s} s`, results.import_s <= 20, '<= 20 s'],
      ['CSV export (whole stream)', `${results.export_s} s`, results.export_s <= 5, '<= 5 s'],
      [
        'API RSS peak growth during export',
        `${results.rss_peak_growth_mb} MB`,
        results.rss_peak_growth_mb <= 100,
        '<= 100 MB',
      ],
    ],
    'leads-import-export',
    results,
  );
} finally {
  await server.stop();
}
