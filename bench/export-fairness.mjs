// Export and import fairness on PGlite (issue 22): PGlite is one connection in the API's own
// process, so a long import or export must leave room for every other request between its
// batches. Against the built server on a fresh PGlite data directory:
//   1. POST /leads/import_leads/ of a generated 100,000-row CSV, until completed;
//   2. GET /leads/export/?format=csv, read to the end;
//   3. GET /leads/export/?format=xlsx, read to the end;
// and during each, a probe every ~20 ms of GET /api/v1/status/ and of a static file: the longest
// wait of a probe                                                        (target <= 200 ms)
// Usage: npm run build -w apps/server && npm run bench:export-fairness
//   BENCH_ROWS changes the row count (default 100000).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ENTERPRISE_SQL, importCsv, registerBenchOwner } from './leads-support.mjs';
import { freePort, report, sleep, spawnServer, waitFor } from './support.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PROBE_EVERY_MS = 20;
const WAIT_TARGET_MS = 200;

/**
 * Probes `url` every PROBE_EVERY_MS until stopped: each probe's wait is the time from when it
 * was due to its answer, so a probe that could not even be sent on time counts its delay too.
 */
function probe(url) {
  const waits = [];
  let stopped = false;
  const done = (async () => {
    let due = performance.now();
    while (!stopped) {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`probe ${url}: ${res.status}`);
      waits.push(performance.now() - due);
      due += PROBE_EVERY_MS;
      const now = performance.now();
      if (due > now) await sleep(due - now);
      else due = now;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      const sorted = [...waits].sort((a, b) => a - b);
      const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
      return { probes: waits.length, p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1) };
    },
  };
}

/** Runs `work` while probing the status route and the static file; answers both probes' figures. */
async function whileProbing(base, work) {
  const probes = { status: probe(`${base}/api/v1/status/`), static: probe(`${base}/probe.txt`) };
  const started = performance.now();
  const outcome = await work();
  const seconds = Math.round(performance.now() - started) / 1000;
  return { seconds, ...outcome, status_probe: await probes.status.stop(), static_probe: await probes.static.stop() };
}

// A web build of one page and one file: the static probe needs no full web build.
const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-bench-fairness-'));
const webDir = path.join(dataDir, 'web');
mkdirSync(webDir, { recursive: true });
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
writeFileSync(path.join(webDir, 'probe.txt'), 'ok\n');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// No DATABASE_URL: PGlite in the data directory, as a single-process install runs.
const serverEnv = {
  PORT: String(port),
  DATA_DIR: path.join(dataDir, 'data'),
  DATABASE_URL: undefined,
  WEB_DIST_DIR: webDir,
};
const stopServer = async (server) => {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
};
let child = spawnServer(serverEnv);
const results = { database: 'pglite', rows: ROWS, probe_every_ms: PROBE_EVERY_MS };
try {
  await waitFor(`${base}/api/v1/status/`, 120_000);
  const { auth, organizationId } = await registerBenchOwner(base);
  // 100,000 leads in a month is past the trial's limit: the organisation goes on enterprise, in
  // the embedded database while the API is stopped (PGlite is one process's).
  await stopServer(child);
  const db = await PGlite.create(path.join(dataDir, 'data', 'db'), { extensions: { pg_trgm } });
  await db.query(ENTERPRISE_SQL, [organizationId]);
  await db.close();
  child = spawnServer(serverEnv);
  await waitFor(`${base}/api/v1/status/`, 120_000);

  results.import = await whileProbing(base, async () => {
    const { record } = await importCsv(base, auth, ROWS);
    if (record.status !== 'completed' || record.created !== ROWS)
      throw new Error(`import ended ${JSON.stringify(record)}`);
    return { created: record.created };
  });
  console.log(`import: ${JSON.stringify(results.import)}`);
  await sleep(1000);

  for (const format of ['csv', 'xlsx']) {
    results[`export_${format}`] = await whileProbing(base, async () => {
      const res = await fetch(`${base}/api/v1/leads/export/?format=${format}`, { headers: auth });
      if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      return { mb: Math.round(bytes / 1024 / 102.4) / 10, rows: Number(res.headers.get('x-total-count')) };
    });
    console.log(`export ${format}: ${JSON.stringify(results[`export_${format}`])}`);
    await sleep(1000);
  }
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}

const line = (name, phase) => {
  const worst = Math.max(phase.status_probe.max_ms, phase.static_probe.max_ms);
  return [
    `${name} (${phase.seconds} s): longest probe wait, status ${phase.status_probe.max_ms} ms / static ${phase.static_probe.max_ms} ms`,
    `${worst} ms`,
    worst <= WAIT_TARGET_MS,
    `<= ${WAIT_TARGET_MS} ms`,
  ];
};
report(
  `Requests during a ${ROWS.toLocaleString('en')}-lead import and export, PGlite (a probe every ${PROBE_EVERY_MS} ms)`,
  [
    line('CSV import', results.import),
    line('CSV export', results.export_csv),
    line('XLSX export', results.export_xlsx),
  ],
  'export-fairness',
  results,
);
