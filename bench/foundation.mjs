// Foundation benchmarks (issue 2 targets), against a built server on 127.0.0.1 only:
//   1. empty data dir -> first 200 on /api/v1/status/   (target < 5 s)
//   2. idle RSS on PGlite, after boot and after load      (target < 400 MB)
//   3. login p95 at 10 concurrent requests                (target < 150 ms)
//   4. GET /auth/me/ req/s vs GET /status/ req/s, same run (target me >= status / 3)
// Usage: npm run build && npm run bench   (bounded: a few thousand requests, ~45 s)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, report, sleep, spawnServer } from './support.mjs';

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** An autocannon run that also keeps every response time and status. */
function runCollecting(opts) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const codes = {};
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve({ result, latencies, codes })));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      codes[statusCode] = (codes[statusCode] ?? 0) + 1;
    });
  });
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/**
 * The ceiling argon2id itself puts on sign-ins here: verifications per second with every core
 * busy (m=19456 KiB, t=2, p=1, as the server hashes). No login rate can exceed it.
 */
async function argon2Ceiling() {
  const { hash, verify } = await import('@node-rs/argon2');
  const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
  const h = await hash('Booth2026Leads', options);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 60 }, () => verify(h, 'Booth2026Leads')));
  return Math.round(60 / ((performance.now() - t0) / 1000));
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-bench-'));
const started = performance.now();
const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, TRUST_PROXY: 'true' });
const results = {};
try {
  // 1. cold start from an empty data directory
  for (;;) {
    if (performance.now() - started > 30_000) throw new Error('server did not answer within 30 s');
    try {
      const res = await fetch(`${base}/api/v1/status/`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await sleep(25);
  }
  results.first_200_ms = Math.round(performance.now() - started);
  await sleep(3000);
  results.idle_rss_after_boot_mb = rssMb(server.pid);

  // A user to sign in as.
  const email = 'bench@example.com';
  const password = 'Booth2026Leads';
  const reg = await fetch(`${base}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Mark',
      email,
      company_name: 'Bench AB',
      password,
      password_confirm: password,
      terms_accepted: true,
    }),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { access } = (await reg.json()).data;

  // 3. login at 10 concurrent connections, every response time collected (autocannon's
  // summary has p90 and p97.5 but no p95). Each request comes from its own address
  // (X-Forwarded-For behind a trusted proxy) so the per-address throttle stays out of the way.
  let n = 0;
  const login = await runCollecting({
    url: `${base}/api/v1/auth/login/`,
    connections: 10,
    amount: 600,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
        setupRequest: (req) => {
          n += 1;
          const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          return { ...req, headers: { ...req.headers, 'x-forwarded-for': ip } };
        },
      },
    ],
  });
  const latencies = login.latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  results.login = {
    requests: latencies.length,
    failures: latencies.length - (login.codes[200] ?? 0),
    rps: Math.round(login.result.requests.average),
    p50_ms: pct(50),
    p95_ms: pct(95),
    p99_ms: pct(99),
  };

  // 4. /status/ vs /auth/me/, same process, same settings, one after the other
  const status = await run({ url: `${base}/api/v1/status/`, connections: 10, duration: 10 });
  const me = await run({
    url: `${base}/api/v1/auth/me/`,
    connections: 10,
    duration: 10,
    headers: { authorization: `Bearer ${access}` },
  });
  results.status_rps = Math.round(status.requests.average);
  results.me_rps = Math.round(me.requests.average);
  results.me_non2xx = me.non2xx;
  results.status_non2xx = status.non2xx;
  results.me_to_status_ratio = Math.round((results.me_rps / results.status_rps) * 100) / 100;

  results.argon2_verify_ceiling_per_s = await argon2Ceiling();
  await sleep(5000);
  results.idle_rss_after_load_mb = rssMb(server.pid);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

const targets = [
  ['empty data dir -> first 200 on /status/', `${results.first_200_ms} ms`, results.first_200_ms < 5000, '< 5000 ms'],
  [
    'idle RSS after boot (PGlite)',
    `${results.idle_rss_after_boot_mb} MB`,
    results.idle_rss_after_boot_mb < 400,
    '< 400 MB',
  ],
  [
    'idle RSS after load (PGlite)',
    `${results.idle_rss_after_load_mb} MB`,
    results.idle_rss_after_load_mb < 400,
    '< 400 MB',
  ],
  [
    'login p95 at 10 concurrent',
    `${results.login.p95_ms} ms (p50 ${results.login.p50_ms}, p99 ${results.login.p99_ms}, ${results.login.rps} req/s, ${results.login.failures} failed)`,
    results.login.p95_ms < 150 && results.login.failures === 0,
    '< 150 ms',
  ],
  [
    'argon2id verify ceiling (all cores, context for login)',
    `${results.argon2_verify_ceiling_per_s}/s`,
    true,
    'informational',
  ],
  ['GET /status/ req/s (10 connections)', `${results.status_rps}`, results.status_non2xx === 0, 'all 2xx'],
  [
    'GET /auth/me/ req/s (10 connections)',
    `${results.me_rps} (ratio ${results.me_to_status_ratio})`,
    results.me_to_status_ratio >= 1 / 3 && results.me_non2xx === 0,
    '>= 1/3 of /status/',
  ],
];
report(`Foundation benchmark (${new Date().toISOString()}, node ${process.version})`, targets, 'foundation', results);
process.exit(targets.every(([, , ok]) => ok) ? 0 : 1);
