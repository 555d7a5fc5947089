// Data centre export benchmark (issue 26 targets), against the built server on PostgreSQL:
//   1. seeds BENCH_ROWS leads (default 100,000) in SQL in one organisation: Swedish names, +46
//      phones, a status, tags, an event whose form labels the custom answers, notes;
//   2. POST /data/exports/ {resource: leads, format: csv}, timed until the record is done
//      (the API's background job: batches, progress, file written to storage)  (target <= 5 s)
//   3. the same as XLSX                                                      (target <= 15 s)
//   4. the API process's RSS sampled during each export: peak growth       (target <= 100 MB)
// Each file is downloaded through its signed link and its rows counted.
// Usage: npm run build -w apps/server && node bench/data-exports.mjs
//   BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/bench_data_exports);
//   its schema is dropped and made anew. BENCH_ROWS changes the row count.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { registerBenchOwner, startApi, withoutLimits } from './leads-support.mjs';
import { report, sleep } from './support.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_data_exports';

async function sql(text, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** Resident set size of a process in bytes (Linux). */
function rss(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

await sql('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
const server = await startApi(databaseUrl);
const { base } = server;
const results = { database: 'postgres', rows: ROWS };

/** Starts an export and waits for its record to be done; answers the record and the seconds it took. */
async function timedExport(auth, format) {
  const baseline = rss(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(server.pid));
  }, 20);
  const started = performance.now();
  const posted = await fetch(`${base}/api/v1/data/exports/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ resource: 'leads', format }),
  });
  if (posted.status !== 202) throw new Error(`export: ${posted.status} ${await posted.text()}`);
  const { id } = (await posted.json()).data;
  let record;
  for (;;) {
    record = (await (await fetch(`${base}/api/v1/data/exports/${id}/`, { headers: auth })).json()).data;
    if (record.status === 'done' || record.status === 'failed') break;
    await sleep(50);
  }
  const seconds = Math.round(performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss(server.pid));
  if (record.status !== 'done') throw new Error(`export ${format} ended ${JSON.stringify(record)}`);
  const file = await fetch(record.download_url.replace(/^https?:\/\/[^/]+/, base));
  if (!file.ok) throw new Error(`download: ${file.status}`);
  const bytes = Buffer.from(await file.arrayBuffer());
  return {
    seconds,
    rows: record.row_count,
    mb: Math.round(bytes.length / 1024 / 102.4) / 10,
    bytes,
    rssGrowthMb: Math.round((peak - baseline) / 1024 / 1024),
  };
}

try {
  const { auth, organizationId } = await registerBenchOwner(base);
  await withoutLimits(databaseUrl, organizationId);
  const seeded = performance.now();
  const created = await fetch(`${base}/api/v1/events/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Nordic Expo',
      form_fields: [{ id: 'f_size', type: 'select', label: 'Fleet size', required: false, options: ['1-10', '11-50'] }],
    }),
  });
  if (created.status !== 201) throw new Error(`event: ${created.status} ${await created.text()}`);
  const eventId = (await created.json()).data.id;
  await sql(
    `insert into leads (organization_id, event_id, first_name, last_name, email, phone, company, status, source, tags, notes, custom_fields, created_at)
     select $1::uuid, $2::uuid, 'Förnamn' || g, 'Efternamn' || g, 'person' || g || '@example.com',
       '+46 70 ' || lpad((g % 10000000)::text, 7, '0'), 'Företag ' || (g % 5000) || ' AB',
       (array['new','contacted','qualified','lost'])[1 + g % 4], 'event', '["mässa","bench"]'::jsonb,
       'Träffad i montern', jsonb_build_object('f_size', (array['1-10','11-50'])[1 + g % 2]),
       now() - (g || ' seconds')::interval
     from generate_series(1, $3::int) g`,
    [organizationId, eventId, ROWS],
  );
  await sql('analyze leads');
  results.seed_s = Math.round(performance.now() - seeded) / 1000;

  const csv = await timedExport(auth, 'csv');
  const csvLines =
    csv.bytes
      .toString('utf8')
      .split('\r\n')
      .filter((l) => l !== '').length - 1;
  if (csvLines !== ROWS) throw new Error(`the CSV holds ${csvLines} rows of ${ROWS}`);
  results.csv = { s: csv.seconds, rows: csv.rows, mb: csv.mb, rss_growth_mb: csv.rssGrowthMb };
  await sleep(1000);
  const xlsx = await timedExport(auth, 'xlsx');
  if (xlsx.rows !== ROWS) throw new Error(`the XLSX holds ${xlsx.rows} rows of ${ROWS}`);
  results.xlsx = { s: xlsx.seconds, rows: xlsx.rows, mb: xlsx.mb, rss_growth_mb: xlsx.rssGrowthMb };

  report(
    `Data centre export of ${ROWS.toLocaleString('en')} leads (background job), PostgreSQL`,
    [
      ['CSV export (POST until done)', `${csv.seconds} s`, csv.seconds <= 5, '<= 5 s'],
      ['XLSX export (POST until done)', `${xlsx.seconds} s`, xlsx.seconds <= 15, '<= 15 s'],
      [
        'API RSS peak growth (worst of the two)',
        `${Math.max(csv.rssGrowthMb, xlsx.rssGrowthMb)} MB`,
        Math.max(csv.rssGrowthMb, xlsx.rssGrowthMb) <= 100,
        '<= 100 MB',
      ],
    ],
    'data-exports',
    results,
  );
} finally {
  await server.stop();
}
