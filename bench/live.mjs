// Live channel delivery benchmark (issue 25, docs/live.md), against the built server on
// PostgreSQL with Redis (the live bus goes through Redis pub/sub, as with several processes):
//   - SOCKETS open sockets of one organisation (half on /ws/organizations/{id}/, half on
//     /ws/leads/) and OTHER_SOCKETS of other organisations;
//   - captures at 200 leads/s for BENCH_DURATION s (default 20) on the first organisation's event;
//   - p95 of (socket receipt - the lead's created_at, the capture transaction's own clock: an upper
//     bound of the time after commit) over every socket's every lead.created
//                                                               (target p95 <= 250 ms)
//   - every socket got every lead, the other organisations' sockets got none of them (target all, 0)
//   - the server's resident memory with the sockets open before the load and after it (target
//     growth <= 15 %: buffers are capped per socket and freed as sent)
// Usage: npm run build && npm run bench:live
//   DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test);
//   the bench works in its own database `leadcapture_bench_live` there, dropped and made anew.
//   REDIS_URL (default redis://127.0.0.1:6379/0); BENCH_SOCKETS (default 200).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { withoutLimits } from './leads-support.mjs';
import { api as call, freePort, report, sleep, spawnServer, waitFor } from './support.mjs';

const RATE = 200;
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const OTHER_ORGANIZATIONS = 4;
const OTHER_SOCKETS_EACH = 5;
const BENCH_DB = 'leadcapture_bench_live';
const SETTLE_MS = 10_000;

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
const base = `http://127.0.0.1:${apiPort}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-bench-live-'));
const server = spawnServer({
  PORT: String(apiPort),
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
  CAPTURE_RATE_LIMIT: '100000000/1m',
  // Each registration below comes from an address of its own (the per-address limit is kept in Redis).
  TRUST_PROXY: 'true',
});

/** The server process's resident memory, in MB (Linux /proc). */
function serverRssMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

let registered = 0;
async function register(company) {
  registered += 1;
  const password = 'Booth2026Leads';
  const res = await fetch(`${base}/api/v1/auth/register/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // TEST-NET-3 (RFC 5737), one address per registration and run.
      'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
    },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Live',
      email: `bench.live.${registered}.${Date.now()}@example.com`,
      company_name: company,
      password,
      password_confirm: password,
      terms_accepted: true,
    }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** email -> created_at (ms) of the leads the measured organisation's sockets must get. */
const latencies = [];
let wrongTenant = 0;
const received = new Map(); // socket index -> count of lead.created of the measured run
let measuring = false;
let finished = false;

const LEAD_CREATED = Buffer.from('{"type":"lead.created"');
const STEADY_EMAIL = Buffer.from('"email":"steady.');
const CREATED_AT = Buffer.from('"created_at":"');
const EMAIL = '"email":"';
/**
 * email -> [first, last receipt over all sockets, created_at]: how long the way to the first
 * socket takes (capture, outbox, Redis) and how long the fan-out to all of them.
 */
const spread = new Map();

function openSocket(url, index, { measured }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('message', (raw) => {
      const at = Date.now();
      // 40,000 messages a second reach this one process: read the two fields needed straight
      // from the bytes (C++ indexOf) rather than parse every message, so the client's own
      // event loop does not add to what is measured.
      if (raw.indexOf(LEAD_CREATED) !== 0) return;
      if (!measured) {
        wrongTenant += 1;
        return;
      }
      if (!measuring || raw.indexOf(STEADY_EMAIL) === -1) return;
      const from = raw.indexOf(CREATED_AT) + CREATED_AT.length;
      const createdAt = Date.parse(raw.toString('latin1', from, raw.indexOf(0x22, from)));
      latencies.push(at - createdAt);
      const start = raw.indexOf(STEADY_EMAIL) + EMAIL.length;
      const email = raw.toString('latin1', start, raw.indexOf(0x22, start));
      const seen = spread.get(email);
      if (seen) seen[1] = at;
      else spread.set(email, [at, at, createdAt]);
      received.set(index, (received.get(index) ?? 0) + 1);
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('close', (code) => {
      if (!finished && code !== 1000 && code !== 1001 && code !== 1005)
        console.error(`socket ${index} closed: ${code}`);
    });
  });
}

/** Captures at RATE per second for `seconds`, each lead's email `${prefix}.<n>@…`. */
async function captureLoad(slug, prefix, seconds) {
  const sent = [];
  const inFlight = new Set();
  const started = Date.now();
  let n = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (n < due) {
      n += 1;
      const email = `${prefix}.${n}@bench.example.com`;
      const p = fetch(`${base}/api/v1/public/events/${slug}/leads/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ first_name: 'Greta', last_name: 'Berg', email, company: 'Fjord AB', consent: true }),
      })
        .then((res) => {
          sent.push({ email, status: res.status });
          return res.arrayBuffer();
        })
        .catch(() => sent.push({ email, status: 0 }))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  return sent;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const sockets = [];
const results = { database: 'postgres', redis: true, rate_per_s: RATE, duration_s: DURATION, sockets: SOCKETS };
try {
  await waitFor(`${base}/api/v1/status/`, 120_000);
  const owner = await register('Bench Live AB');
  await withoutLimits(databaseUrl, owner.organization.id);
  const event = await call(base, 'POST', '/events/', { name: 'Live Expo', status: 'active' }, owner.access);
  const wsBase = `ws://127.0.0.1:${apiPort}`;
  const token = encodeURIComponent(owner.access);
  for (let i = 0; i < SOCKETS; i += 1) {
    const url =
      i % 2 === 0
        ? `${wsBase}/ws/organizations/${owner.organization.id}/?token=${token}`
        : `${wsBase}/ws/leads/?token=${token}`;
    sockets.push(await openSocket(url, i, { measured: true }));
  }
  for (let o = 0; o < OTHER_ORGANIZATIONS; o += 1) {
    const other = await register(`Other Booth ${o} AB`);
    for (let s = 0; s < OTHER_SOCKETS_EACH; s += 1) {
      const url = `${wsBase}/ws/organizations/${other.organization.id}/?token=${encodeURIComponent(other.access)}`;
      sockets.push(await openSocket(url, -1, { measured: false }));
    }
  }
  // Warm-up: connections, plans and the JIT, before anything is measured.
  await captureLoad(event.slug, 'warm', 2);
  await sleep(1000);
  const rssBefore = serverRssMb();

  measuring = true;
  const steady = await captureLoad(event.slug, 'steady', DURATION);
  const created = steady.filter((s) => s.status === 201).length;
  const expected = created * SOCKETS;
  const deadline = Date.now() + SETTLE_MS;
  while (Date.now() < deadline && latencies.length < expected) await sleep(100);
  measuring = false;
  await sleep(1000);
  const rssAfter = serverRssMb();

  const sorted = Float64Array.from(latencies).sort();
  const everySocketAll = [...Array(SOCKETS).keys()].every((i) => (received.get(i) ?? 0) === created);
  results.steady = {
    captures: steady.length,
    created,
    expected_messages: expected,
    received_messages: latencies.length,
    every_socket_every_lead: everySocketAll,
    wrong_tenant_messages: wrongTenant,
    fan_out_spread_p95_ms: pct(Float64Array.from([...spread.values()].map(([first, last]) => last - first)).sort(), 95),
    first_socket_p95_ms: pct(
      Float64Array.from([...spread.values()].map(([first, , createdAt]) => first - createdAt)).sort(),
      95,
    ),
    p50_ms: pct(sorted, 50),
    p95_ms: pct(sorted, 95),
    p99_ms: pct(sorted, 99),
    max_ms: sorted.at(-1),
    server_rss_mb_before: rssBefore,
    server_rss_mb_after: rssAfter,
  };
  const growth = (rssAfter - rssBefore) / rssBefore;

  report(
    `Live delivery: ${RATE} captures/s for ${DURATION} s to ${SOCKETS} sockets of one organisation (PostgreSQL, Redis)`,
    [
      [
        'delivery p95 after the lead was written',
        `${results.steady.p95_ms} ms`,
        results.steady.p95_ms <= 250,
        '<= 250 ms',
      ],
      [
        'messages received (every socket, every lead)',
        `${latencies.length}/${expected}`,
        latencies.length === expected && everySocketAll,
        'all',
      ],
      ['messages to another organisation’s sockets', String(wrongTenant), wrongTenant === 0, '0'],
      [
        'server memory with the sockets open, before -> after the load',
        `${rssBefore} MB -> ${rssAfter} MB (${(growth * 100).toFixed(1)} %)`,
        growth <= 0.15,
        '<= +15 %',
      ],
    ],
    'live',
    results,
  );
  console.log(JSON.stringify(results, null, 2));
} finally {
  finished = true;
  for (const ws of sockets) ws.terminate();
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
