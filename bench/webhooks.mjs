// Outgoing webhook delivery benchmark (issue 24, docs/webhooks.md), against the built server on
// PostgreSQL with a local receiver in this process:
//   1. captures at 200 leads/s for BENCH_DURATION s (default 20); each lead.created delivery is
//      verified with the Standard Webhooks verifier; p95 of (receipt time - the lead's created_at,
//      the capture transaction's own clock, so an upper bound of the time after commit)
//                                                               (target p95 <= 1000 ms)
//   2. the same load with the server killed (SIGKILL) mid-run and started again on the same data:
//      every lead the database holds is delivered (none lost), and any lead delivered more than
//      once carries the same webhook-id each time             (target lost = 0, ids stable)
// Usage: npm run build && npm run bench:webhooks
//   DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test);
//   the bench works in its own database `leadcapture_bench_webhooks` there, dropped and made anew.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { withoutLimits } from './leads-support.mjs';
import { freePort, report, sleep, spawnServer, waitFor } from './support.mjs';

const RATE = 200;
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const BENCH_DB = 'leadcapture_bench_webhooks';
/** How long the bench waits for the last deliveries: a killed server's leases run 60 s. */
const SETTLE_MS = 150_000;

async function freshDatabase(serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const databaseUrl = await freshDatabase(serverUrl);
const apiPort = await freePort();
const api = `http://127.0.0.1:${apiPort}`;
// Kept across the restart: the signing secrets are sealed under the key kept here.
const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-bench-webhooks-'));
const serverEnv = {
  PORT: String(apiPort),
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  CAPTURE_RATE_LIMIT: '100000000/1m',
  // The receiver listens on 127.0.0.1.
  OUTBOUND_ALLOW_PRIVATE: 'true',
};

function startServer() {
  const child = spawnServer(serverEnv);
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL' && signal !== 'SIGTERM' && code !== 0) console.error(`server exited: ${code} ${signal}`);
  });
  return child;
}

// --- the receiver ---------------------------------------------------------------------------
let verifier;
/** email -> every receipt: {at, id, createdAt} */
const receipts = new Map();
let badSignatures = 0;
const receiver = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const event = verifier.verify(body, req.headers);
      const email = event.data.email;
      const list = receipts.get(email) ?? [];
      list.push({ at, id: req.headers['webhook-id'], createdAt: Date.parse(event.data.created_at) });
      receipts.set(email, list);
      res.writeHead(200).end('ok');
    } catch {
      badSignatures += 1;
      res.writeHead(400).end('bad signature');
    }
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;

async function call(method, url, body, token) {
  const res = await fetch(`${api}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** Captures at RATE per second for `seconds`; `during(elapsedMs)` runs once a second. */
async function captureLoad(slug, prefix, seconds, during) {
  const sent = [];
  const inFlight = new Set();
  const started = Date.now();
  let n = 0;
  let lastTick = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (n < due) {
      n += 1;
      const email = `${prefix}.${n}@bench.example.com`;
      const t0 = Date.now();
      const p = fetch(`${api}/api/v1/public/events/${slug}/leads/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ first_name: 'Greta', last_name: 'Berg', email, company: 'Fjord AB', consent: true }),
      })
        .then((res) => {
          sent.push({ email, status: res.status, ms: Date.now() - t0 });
          return res.arrayBuffer();
        })
        .catch(() => sent.push({ email, status: 0 }))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    const second = Math.floor((Date.now() - started) / 1000);
    if (second > lastTick) {
      lastTick = second;
      await during?.(Date.now() - started);
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  return sent;
}

/** The bench organisation's leads with this prefix, as the database holds them. */
async function storedEmails(prefix) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select email from leads where email like $1`, [`${prefix}.%`]);
    return rows.map((r) => r.email);
  } finally {
    await client.end();
  }
}

async function settle(expected) {
  const deadline = Date.now() + SETTLE_MS;
  while (Date.now() < deadline && expected.some((e) => !receipts.has(e))) await sleep(250);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

let server = startServer();
const results = { database: 'postgres', rate_per_s: RATE, duration_s: DURATION };
try {
  await waitFor(`${api}/api/v1/status/`, 120_000);
  const password = 'Booth2026Leads';
  const owner = await call('POST', '/auth/register/', {
    first_name: 'Bench',
    last_name: 'Hooks',
    email: 'bench.hooks@example.com',
    company_name: 'Bench Hooks AB',
    password,
    password_confirm: password,
    terms_accepted: true,
  });
  await withoutLimits(databaseUrl, owner.organization.id);
  const event = await call('POST', '/events/', { name: 'Hooks Expo', status: 'active' }, owner.access);
  const hook = await call(
    'POST',
    '/integrations/webhooks/',
    { name: 'Bench receiver', url: receiverUrl, events: ['lead.created'] },
    owner.access,
  );
  verifier = new Webhook(hook.secret);
  // Warm-up.
  await captureLoad(event.slug, 'warm', 2);

  // 1. Steady load.
  const steady = await captureLoad(event.slug, 'steady', DURATION);
  const created = steady.filter((s) => s.status === 201).map((s) => s.email);
  await settle(created);
  const latencies = created
    .map((email) => receipts.get(email)?.[0])
    .filter(Boolean)
    .map((r) => r.at - r.createdAt)
    .sort((a, b) => a - b);
  const answers = steady
    .filter((s) => s.ms !== undefined)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  results.steady = {
    captures: steady.length,
    capture_answer_p95_ms: pct(answers, 95),
    created: created.length,
    delivered: created.filter((e) => receipts.has(e)).length,
    p50_ms: pct(latencies, 50),
    p95_ms: pct(latencies, 95),
    p99_ms: pct(latencies, 99),
    max_ms: latencies.at(-1),
  };

  // 2. Killed mid-run (SIGKILL), started again on the same database and data directory.
  let killedAt = null;
  let restarted = null;
  const killRun = await captureLoad(event.slug, 'kill', DURATION, async (elapsed) => {
    if (killedAt === null && elapsed >= (DURATION * 1000) / 2) {
      killedAt = Date.now();
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      server = startServer();
      restarted = waitFor(`${api}/api/v1/status/`, 120_000).then(() => Date.now());
    }
  });
  const backAt = await restarted;
  const stored = await storedEmails('kill');
  await settle(stored);
  const delivered = stored.filter((e) => receipts.has(e));
  const repeated = stored.filter((e) => (receipts.get(e)?.length ?? 0) > 1);
  const idsStable = repeated.every((e) => new Set(receipts.get(e).map((r) => r.id)).size === 1);
  results.kill = {
    captures: killRun.length,
    answered_201: killRun.filter((s) => s.status === 201).length,
    stored_leads: stored.length,
    delivered: delivered.length,
    lost: stored.length - delivered.length,
    repeated: repeated.length,
    repeats_same_webhook_id: idsStable,
    down_ms: backAt - killedAt,
    last_delivery_after_restart_ms: Math.max(...stored.map((e) => receipts.get(e)?.at(-1)?.at ?? 0)) - backAt,
  };
  results.bad_signatures = badSignatures;

  report(
    `Webhook delivery: ${RATE} captures/s for ${DURATION} s, local receiver (PostgreSQL)`,
    [
      [
        'delivery p95 after the lead was written',
        `${results.steady.p95_ms} ms`,
        results.steady.p95_ms <= 1000,
        '<= 1000 ms',
      ],
      [
        'steady run: every created lead delivered',
        `${results.steady.delivered}/${results.steady.created}`,
        results.steady.delivered === results.steady.created,
        'all',
      ],
      ['killed run: leads lost', `${results.kill.lost} of ${results.kill.stored_leads}`, results.kill.lost === 0, '0'],
      [
        'killed run: repeats carry the same webhook-id',
        `${results.kill.repeated} repeated, same id: ${idsStable}`,
        idsStable,
        'same id',
      ],
      ['signatures that failed verification', String(badSignatures), badSignatures === 0, '0'],
    ],
    'webhooks',
    results,
  );
  console.log(JSON.stringify(results, null, 2));
} finally {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
}
