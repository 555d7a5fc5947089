// Analytics at scale (issue 25), on PostgreSQL, against the built server and the database that
// bench/seed-leads.mjs fills (1,000,000 leads in one organisation over two years):
//   - /analytics/dashboard/overview/ (the Lobby, and the Analytics page's figures)   (target p95 <= 150 ms)
//   - /analytics/events/{id}/funnel/ of the organisation's biggest event              (target p95 <= 150 ms)
//   - and, for the record, the page's other calls (leads_summary, events_summary, team-summary,
//     leads/overview, real-time/metrics) with their p95, measured the same way.
// The seed has no first contacts and no page views: this script adds them once (a contact for
// every lead past "new", 2 minutes to 3 days after capture, by its assignee; 0-400 views a day
// per event over the two years), so speed to lead and the funnel's first step have real work
// to do (the big organisation's page views mark it done).
// Signed in as the big organisation's owner; autocannon, BENCH_CONNECTIONS (default 10)
// connections for BENCH_DURATION seconds (default 10) per case, after a short warm-up.
// Usage: npm run build -w apps/server && npm run bench:analytics
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_leads); the seed runs
//   first when the database is not seeded (BENCH_OTHER_LEADS to seed fewer leads elsewhere);
//   BENCH_CASES: a comma-separated subset of the case names below.
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { api, report, root, sleep } from './support.mjs';
import { BENCH_DATABASE_URL, OWNER, SEED_MARKER, startApi } from './leads-support.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_P95_MS = 150;

// 1. The leads: bench/seed-leads.mjs (it stops at once when the database is seeded already).
const seed = spawnSync(process.execPath, ['bench/seed-leads.mjs'], { cwd: root, stdio: 'inherit', env: process.env });
if (seed.status !== 0) throw new Error('bench/seed-leads.mjs failed');

// 2. First contacts and page views, once.
const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await db.connect();
let orgId;
let eventId;
try {
  const marker = await db.query(
    'select shobj_description(oid, $1) as c from pg_database where datname = current_database()',
    ['pg_database'],
  );
  if (marker.rows[0]?.c !== SEED_MARKER)
    throw new Error('The bench database is not seeded: bench/seed-leads.mjs did not finish.');
  const org = await db.query(
    `select m.organization_id from memberships m join users u on u.id = m.user_id where u.email = $1`,
    [OWNER.email],
  );
  orgId = org.rows[0].organization_id;
  // Done once: the big organisation's page views are the mark.
  const viewed = await db.query('select 1 from capture_page_views where organization_id = $1 limit 1', [orgId]);
  if (viewed.rowCount === 0) {
    const started = performance.now();
    await db.query(`set session_replication_role = replica`); // the seed's own triggers stay out
    await db.query(
      `update leads set first_contacted_at = created_at + make_interval(secs => 120 + (abs(hashtext(id::text)) % 259200)),
         first_contacted_by = assigned_to
       where organization_id = $1 and status <> 'new' and first_contacted_at is null`,
      [orgId],
    );
    await db.query(`set session_replication_role = origin`);
    await db.query(
      `insert into capture_page_views (organization_id, event_id, day, views)
       select e.organization_id, e.id, d::date, (abs(hashtext(e.id::text || d::text)) % 400)
       from events e, generate_series(current_date - 730, current_date, interval '1 day') d
       where e.organization_id = $1
       on conflict (event_id, day) do nothing`,
      [orgId],
    );
    await db.query('vacuum analyze leads');
    await db.query('analyze capture_page_views');
    console.log(`first contacts and page views added (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  // The leads rollup (decision 029): the seed's inserts left a delta per lead; fold them all
  // now, as the server's scheduled fold would within a minute.
  const folded = await db.query(
    `with moved as (delete from lead_count_deltas returning *)
     insert into lead_day_counts (organization_id, day, event_id, status, source, leads)
     select m.organization_id, (m.created_at at time zone coalesce(o.settings->>'timezone', 'UTC'))::date,
            m.event_id, m.status, m.source, sum(m.delta)::int
     from moved m join organizations o on o.id = m.organization_id group by 1, 2, 3, 4, 5
     on conflict on constraint lead_day_counts_key do update set leads = lead_day_counts.leads + excluded.leads`,
  );
  if (folded.rowCount > 0) {
    await db.query('delete from lead_day_counts where leads = 0');
    await db.query('vacuum analyze lead_day_counts');
    await db.query('vacuum analyze lead_count_deltas');
  }
  // Its coarse levels (migration 0059), cut again from the fine one, as the fold keeps them. On a
  // database seeded before 0059 the tables are not there yet: the migration fills them at the API's start.
  const staged = await db.query(`select to_regclass('lead_day_stage_counts') is not null as present`);
  if (folded.rowCount > 0 && staged.rows[0].present) {
    await db.query('delete from lead_day_stage_counts');
    await db.query(
      `insert into lead_day_stage_counts (organization_id, event_id, day, stage, leads)
       select organization_id, event_id, day,
              case when status in ('converted', 'closed_won') then 'converted'
                   when status in ('qualified', 'demo_scheduled', 'proposal_sent') then 'qualified'
                   else 'captured' end,
              sum(leads)::int
       from lead_day_counts group by 1, 2, 3, 4`,
    );
    await db.query('delete from lead_day_totals');
    await db.query(
      `insert into lead_day_totals (organization_id, day, stage, leads)
       select organization_id, day, stage, sum(leads)::int from lead_day_stage_counts group by 1, 2, 3`,
    );
    await db.query('delete from lead_event_totals');
    await db.query(
      `insert into lead_event_totals (organization_id, event_id, leads)
       select organization_id, event_id, sum(leads)::int from lead_day_stage_counts where event_id is not null group by 1, 2`,
    );
    for (const table of ['lead_day_stage_counts', 'lead_day_totals', 'lead_event_totals'])
      await db.query(`vacuum analyze ${table}`);
  }
  const biggest = await db.query(
    `select event_id, count(*) from leads where organization_id = $1 and event_id is not null
     group by 1 order by 2 desc limit 1`,
    [orgId],
  );
  eventId = biggest.rows[0].event_id;
} finally {
  await db.end();
}

/** An autocannon run keeping every response time and status (its summary has no p95). */
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

function summary({ result, latencies, codes }) {
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p) => {
    const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
    return value === undefined ? null : Math.round(value * 10) / 10;
  };
  return {
    rps: Math.round(result.requests.average),
    requests: sorted.length,
    non_200: Object.fromEntries(Object.entries(codes).filter(([code]) => code !== '200')),
    errors: result.errors + result.timeouts,
    p50_ms: pct(50),
    p95_ms: pct(95),
    p99_ms: pct(99),
  };
}

const CASES = [
  ['overview_lobby_30d', '/analytics/dashboard/overview/?days=30', TARGET_P95_MS],
  ['overview_1y', '/analytics/dashboard/overview/?range=1y', TARGET_P95_MS],
  ['overview_all', '/analytics/dashboard/overview/?range=all', TARGET_P95_MS],
  ['funnel_30d', `/analytics/events/${eventId}/funnel/?range=30d`, TARGET_P95_MS],
  ['funnel_all', `/analytics/events/${eventId}/funnel/?range=all`, TARGET_P95_MS],
  ['leads_summary_30d', '/analytics/dashboard/leads_summary/?range=30d', null],
  ['leads_summary_all', '/analytics/dashboard/leads_summary/?range=all', null],
  ['events_summary_90d', '/analytics/dashboard/events_summary/?range=90d', null],
  ['team_summary_90d', '/analytics/dashboard/team-summary/?range=90d', null],
  ['leads_overview_1y', '/analytics/leads/overview/?range=1y', null],
  ['real_time', '/analytics/real-time/metrics/', null],
];
const only = process.env.BENCH_CASES?.split(',');
const cases = only ? CASES.filter(([name]) => only.includes(name)) : CASES;

const server = await startApi(BENCH_DATABASE_URL);
const results = { database: 'postgres', connections: CONNECTIONS, duration_s: DURATION, cases: {} };
const targets = [];
try {
  const { access } = await api(server.base, 'POST', '/auth/login/', { email: OWNER.email, password: OWNER.password });
  const headers = { authorization: `Bearer ${access}` };
  for (const [name, path, target] of cases) {
    const url = `${server.base}/api/v1${path}`;
    const first = await fetch(url, { headers });
    if (first.status !== 200) throw new Error(`${name}: ${first.status} ${await first.text()}`);
    await runCollecting({ url, headers, connections: CONNECTIONS, duration: 2 });
    await sleep(500);
    const measured = summary(await runCollecting({ url, headers, connections: CONNECTIONS, duration: DURATION }));
    results.cases[name] = { path, ...measured };
    const line = `${name.padEnd(22)} p50 ${measured.p50_ms} ms, p95 ${measured.p95_ms} ms, p99 ${measured.p99_ms} ms, ${measured.rps} req/s`;
    console.log(line);
    const clean = measured.requests > 0 && measured.errors === 0 && Object.keys(measured.non_200).length === 0;
    targets.push([
      line,
      `p95 ${measured.p95_ms} ms`,
      target === null ? clean : measured.p95_ms !== null && measured.p95_ms <= target && clean,
      target === null ? 'no errors (figure for the record)' : `p95 <= ${target} ms`,
    ]);
    await sleep(300);
  }
} finally {
  await server.stop();
}
report(
  `Analytics at scale on PostgreSQL (${CONNECTIONS} connections, ${DURATION} s per case)`,
  targets,
  'analytics',
  results,
);
