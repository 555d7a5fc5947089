// Data-centre import benchmark (issue 26 target), against the built server on PostgreSQL:
//   POST /data/imports/ (resource leads) of a generated 100,000-row CSV, timed from the upload
//   until the import record is completed                                (target <= 20 s)
// and, before it, the same file as a dry run (every row read and checked, duplicates looked up,
// nothing written), for the time a person waits before the real run.
// Usage: npm run build -w apps/server && npm run bench:data-imports
//   BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/bench_data_imports);
//   its schema is dropped and made anew. BENCH_ROWS changes the row count (default 100000).
import pg from 'pg';
import { importFile, registerBenchOwner, startApi, withoutLimits } from './leads-support.mjs';
import { report, sleep } from './support.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_S = 20;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_data_imports';

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

/** Uploads the file to POST /data/imports/ and waits for the record to end; answers it and the seconds. */
async function runImport(base, auth, file, fields) {
  const started = performance.now();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
  const posted = await fetch(`${base}/api/v1/data/imports/`, { method: 'POST', headers: auth, body: form });
  if (posted.status !== 202) throw new Error(`import: ${posted.status} ${await posted.text()}`);
  const { id } = (await posted.json()).data;
  for (;;) {
    const record = (await (await fetch(`${base}/api/v1/data/imports/${id}/`, { headers: auth })).json()).data;
    if (record.status === 'completed' || record.status === 'failed')
      return { record, seconds: Math.round(performance.now() - started) / 1000 };
    await sleep(100);
  }
}

await freshSchema(databaseUrl);
const server = await startApi(databaseUrl);
const results = { database: 'postgres', rows: ROWS };
try {
  const { auth, organizationId } = await registerBenchOwner(server.base);
  await withoutLimits(databaseUrl, organizationId);
  const file = importFile(ROWS);
  results.file_mb = Math.round((Buffer.byteLength(file) / 1024 / 1024) * 10) / 10;

  const dry = await runImport(server.base, auth, file, { resource: 'leads', duplicates: 'skip', dry_run: 'true' });
  results.dry_run_s = dry.seconds;
  if (dry.record.status !== 'completed') throw new Error(`dry run ended ${JSON.stringify(dry.record)}`);

  const real = await runImport(server.base, auth, file, { resource: 'leads', duplicates: 'skip' });
  results.import_s = real.seconds;
  results.import = { status: real.record.status, created: real.record.created, failed: real.record.failed };
  if (real.record.status !== 'completed' || real.record.created !== ROWS)
    throw new Error(`import ended ${JSON.stringify(real.record)}`);
  results.rows_per_s = Math.round(ROWS / real.seconds);
  results.target_s = TARGET_S;
  results.within_target = real.seconds <= TARGET_S;
} finally {
  await server.stop();
}
report(
  `Data-centre import of ${ROWS} leads (CSV, PostgreSQL)`,
  [
    [
      `import (upload to completed)`,
      `${results.import_s} s (dry run ${results.dry_run_s} s)`,
      results.within_target,
      `<= ${TARGET_S} s`,
    ],
  ],
  'data-imports',
  results,
);
