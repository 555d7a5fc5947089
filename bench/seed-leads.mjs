// Leads at scale (issue 5): seeds BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_leads)
// with one big organisation holding 1,000,000 leads and 1,000,000 more spread over 1,000 others.
//   - the schema comes from the built API (its start migrates), and so does the big organisation:
//     its owner registers through the API (OWNER in leads-support.mjs signs in) and creates events;
//   - members, the other organisations and all the leads are written in SQL (INSERT … SELECT over
//     generate_series), with distributions like a real sales team's: statuses, interests, sources,
//     events, assignees, tags, scores, follow-ups, created_at over two years, unique emails and
//     company names from a few hundred words (so a search for "acme" finds a fraction of them);
//   - ANALYZE and VACUUM (the visibility map lets counts use index-only scans).
// Reruns find the marker (the database's comment) and stop. BENCH_RESEED=1 empties the leads first.
// Usage: npm run build -w apps/server && node bench/seed-leads.mjs
import pg from 'pg';
import { api } from './support.mjs';
import { BENCH_DATABASE_URL, OWNER, SEED_MARKER, startApi } from './leads-support.mjs';

const BIG_LEADS = Number(process.env.BENCH_BIG_LEADS ?? 1_000_000);
const OTHER_LEADS = Number(process.env.BENCH_OTHER_LEADS ?? 1_000_000);
const OTHER_ORGS = 1_000;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

async function ensureDatabase(url) {
  const server = new URL(url);
  const name = server.pathname.slice(1);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

const sqlArray = (values) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

const FIRST = [
  'Anna',
  'Erik',
  'Maria',
  'Lars',
  'Karin',
  'Johan',
  'Sara',
  'Anders',
  'Emma',
  'Per',
  'Elin',
  'Nils',
  'Ida',
  'Oskar',
  'Linnea',
  'Gustav',
  'Maja',
  'Axel',
  'Ebba',
  'Viktor',
  'Julia',
  'Henrik',
  'Hanna',
  'Mikael',
  'Frida',
  'Jonas',
  'Sofia',
  'Magnus',
  'Alice',
  'Fredrik',
  'Olivia',
  'Daniel',
  'Greta',
  'Peter',
  'Klara',
  'David',
  'Astrid',
  'Thomas',
  'Wilma',
  'Mattias',
  'James',
  'Laura',
  'Paul',
  'Chen',
  'Priya',
  'Ahmed',
  'Fatima',
  'Lukas',
  'Sophie',
  'Marco',
  'Giulia',
  'Pierre',
  'Camille',
  'Jan',
  'Katarzyna',
  'Ola',
  'Ingrid',
  'Mats',
  'Helena',
  'Rasmus',
];
const LAST = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Pettersson',
  'Jonsson',
  'Jansson',
  'Hansson',
  'Bengtsson',
  'Lindberg',
  'Jakobsson',
  'Magnusson',
  'Lindström',
  'Olofsson',
  'Lindqvist',
  'Lindgren',
  'Berg',
  'Axelsson',
  'Bergström',
  'Lundberg',
  'Lind',
  'Lundgren',
  'Lundqvist',
  'Mattsson',
  'Berglund',
  'Fredriksson',
  'Sandberg',
  'Henriksson',
  'Smith',
  'Müller',
  'Nowak',
  'Rossi',
  'Dubois',
  'Garcia',
  'Kowalski',
  'Novak',
  'Jensen',
  'Hansen',
  'Virtanen',
  'Brown',
  'Wilson',
  'Patel',
  'Kim',
  'Schmidt',
];
const WORD1 = [
  'Acme',
  'Nordic',
  'Fjord',
  'Baltic',
  'Aurora',
  'Polar',
  'Granite',
  'Cedar',
  'Summit',
  'Harbor',
  'Vinter',
  'Solstice',
  'Birch',
  'Meridian',
  'Lumen',
  'Quartz',
  'Atlas',
  'Vector',
  'Orbit',
  'Nova',
  'Falcon',
  'Raven',
  'Copper',
  'Silver',
  'Iron',
  'Oak',
  'Pine',
  'River',
  'Stone',
  'Glacier',
  'Delta',
  'Alpha',
  'Apex',
  'Blue',
  'Green',
  'North',
  'West',
  'East',
  'South',
  'Bright',
  'Clear',
  'Swift',
  'Prime',
  'Core',
  'Peak',
  'Tide',
  'Wave',
  'Frost',
  'Ember',
  'Skog',
  'Sjö',
  'Berg',
  'Dal',
  'Ljus',
  'Storm',
  'Kite',
  'Pixel',
  'Signal',
  'Beacon',
  'Compass',
  'Anchor',
  'Bridge',
  'Crown',
  'Echo',
  'Flux',
  'Helix',
  'Ion',
  'Jade',
  'Koda',
  'Loom',
  'Mosaic',
  'Nimbus',
  'Onyx',
  'Pulse',
  'Quill',
  'Rune',
  'Sage',
  'Terra',
  'Umbra',
  'Vale',
  'Willow',
  'Zenith',
  'Arctic',
  'Boreal',
  'Cobalt',
  'Drift',
  'Elm',
  'Fern',
  'Grove',
  'Heath',
  'Isle',
  'Juniper',
  'Kestrel',
  'Lake',
  'Moss',
  'Nord',
  'Opal',
  'Pearl',
  'Ridge',
  'Spruce',
];
const WORD2 = [
  'Systems',
  'Logistics',
  'Foods',
  'Labs',
  'Analytics',
  'Energy',
  'Robotics',
  'Health',
  'Media',
  'Design',
  'Consulting',
  'Software',
  'Security',
  'Finance',
  'Retail',
  'Solutions',
  'Works',
  'Tech',
  'Industries',
  'Partners',
  'Networks',
  'Capital',
  'Cloud',
  'Data',
  'Motion',
  'Studio',
  'Trading',
  'Marine',
  'Build',
  'Foods Group',
];
const SUFFIX = ['AB', 'AB', 'AB', 'Oy', 'AS', 'ApS', 'GmbH', 'Ltd', 'Inc', 'BV', 'Sp. z o.o.', 'SA'];
const TLD = ['se', 'se', 'se', 'com', 'no', 'fi', 'dk', 'de', 'co.uk', 'io', 'pl', 'nl'];
const TITLES = [
  'CEO',
  'CTO',
  'CFO',
  'Head of Sales',
  'Sales Manager',
  'Marketing Manager',
  'Buyer',
  'Purchasing Manager',
  'Engineer',
  'Project Manager',
  'Product Owner',
  'Operations Manager',
  'Founder',
  'Consultant',
  '',
];
const TAGS = [
  'vip',
  'follow-up',
  'partner',
  'demo',
  'pricing',
  'enterprise',
  'smb',
  'newsletter',
  'trial',
  'hardware',
  'software',
  'nordics',
];
const PRODUCTS = ['Scanner', 'Kiosk', 'CRM sync', 'Badges', 'Analytics', 'API'];

/**
 * One INSERT … SELECT of `count` leads. `org` is an SQL expression of `g` (the row number) giving
 * the organisation; events and assignees come from per-organisation arrays (empty for the others).
 */
function leadsInsert({ count, org, events, assignees, offset, extraFrom = '' }) {
  // Weighted picks from one random number each; r1..r9 keep the choices independent.
  return `
insert into leads (
  organization_id, event_id, first_name, last_name, email, phone, company, job_title, company_size,
  source, status, interest, score, auto_score, manual_score, activity_count, budget_range,
  decision_timeline, decision_role, interested_products, tags, assigned_to, notes, follow_up_date,
  custom_fields, approval_status, consent_text, consent_given_at, attribution, created_by, deleted_at,
  created_at, updated_at)
select
  ${org},
  case when r.r1 < 0.7 and cardinality(${events}) > 0 then (${events})[1 + (g % greatest(cardinality(${events}), 1))] end,
  f.first, l.last,
  lower(translate(f.first || '.' || l.last, 'åäöüéÅÄÖÜ', 'aaoueAAOU')) || '.' || (g + ${offset}) || '@' ||
    lower(translate(c.w1, 'åäöÅÄÖ', 'aaoAAO')) || lower(replace(c.w2, ' ', '')) || '.' || c.tld,
  case when r.r2 < 0.6 then '+46 7' || lpad(((g * 7919) % 100000000)::text, 8, '0') else '' end,
  c.w1 || ' ' || c.w2 || ' ' || c.suffix,
  (${sqlArray(TITLES)})[1 + (g * 31 % ${TITLES.length})],
  (array['1-10','11-50','51-200','201-1000','1000+',''])[1 + floor(r.r3 * 6)::int],
  case when r.r4 < 0.35 then 'qr_scan' when r.r4 < 0.55 then 'booth_visit' when r.r4 < 0.65 then 'website'
       when r.r4 < 0.72 then 'referral' when r.r4 < 0.8 then 'manual' when r.r4 < 0.86 then 'import'
       when r.r4 < 0.9 then 'social_media' when r.r4 < 0.93 then 'email_marketing'
       when r.r4 < 0.95 then 'cold_outreach' when r.r4 < 0.97 then 'partner' when r.r4 < 0.99 then 'api'
       else 'direct' end,
  case when r.r5 < 0.30 then 'new' when r.r5 < 0.52 then 'contacted' when r.r5 < 0.64 then 'qualified'
       when r.r5 < 0.69 then 'unqualified' when r.r5 < 0.74 then 'demo_scheduled'
       when r.r5 < 0.79 then 'proposal_sent' when r.r5 < 0.83 then 'closed_won'
       when r.r5 < 0.87 then 'closed_lost' when r.r5 < 0.90 then 'converted' when r.r5 < 0.95 then 'lost'
       else 'nurturing' end,
  case when r.r6 < 0.4 then null when r.r6 < 0.55 then 'hot' when r.r6 < 0.8 then 'warm' else 'cold' end,
  s.score, s.score, null, (g % 7),
  (array['under_1000','1000_5000','5000_10000','10000_25000','over_25000','not_specified','not_specified'])[1 + (g % 7)],
  (array['asap','1_3_months','3_6_months','6_12_months','next_year','not_specified'])[1 + (g * 13 % 6)],
  (array['decision_maker','influencer','not_involved','not_specified'])[1 + (g * 17 % 4)],
  case when r.r7 < 0.5 then '[]'::jsonb
       else jsonb_build_array((${sqlArray(PRODUCTS)})[1 + (g % ${PRODUCTS.length})]) end,
  case when r.r8 < 0.6 then '[]'::jsonb
       when r.r8 < 0.9 then jsonb_build_array((${sqlArray(TAGS)})[1 + (g % ${TAGS.length})])
       else jsonb_build_array((${sqlArray(TAGS)})[1 + (g % ${TAGS.length})], (${sqlArray(TAGS)})[1 + ((g / 12) % ${TAGS.length})]) end,
  case when r.r9 < 0.45 or cardinality(${assignees}) = 0 then null
       else (${assignees})[1 + (g % greatest(cardinality(${assignees}), 1))] end,
  '',
  case when r.r2 > 0.8 then now() + ((g % 90) - 30) * interval '1 day' + (g % 24) * interval '1 hour' end,
  '{}'::jsonb, 'approved', '', null, '{}'::jsonb, null,
  case when r.r3 > 0.99 then now() - (g % 25) * interval '1 day' end,
  t.created_at, t.created_at + (g % 72) * interval '1 hour'
from ${extraFrom} generate_series(1, ${count}) as g
-- Mentions g so that each row draws its own numbers (an uncorrelated subquery runs once).
cross join lateral (select random() + g * 0 r1, random() + g * 0 r2, random() + g * 0 r3, random() + g * 0 r4, random() + g * 0 r5,
                            random() + g * 0 r6, random() + g * 0 r7, random() + g * 0 r8, random() + g * 0 r9, random() + g * 0 r10, random() + g * 0 r11,
                            random() + g * 0 r12, random() + g * 0 r13) as r
cross join lateral (select now() - r.r10 * interval '730 days' as created_at) as t
cross join lateral (select least(100, floor(power(r.r11, 1.6) * 101))::int as score) as s
cross join lateral (select (${sqlArray(FIRST)})[1 + floor(r.r12 * ${FIRST.length})::int] as first) as f
cross join lateral (select (${sqlArray(LAST)})[1 + floor(r.r13 * ${LAST.length})::int] as last) as l
cross join lateral (select (${sqlArray(WORD1)})[1 + (g * 7 % ${WORD1.length})] as w1,
                           (${sqlArray(WORD2)})[1 + ((g / 100) % ${WORD2.length})] as w2,
                           (${sqlArray(SUFFIX)})[1 + (g % ${SUFFIX.length})] as suffix,
                           (${sqlArray(TLD)})[1 + (g % ${TLD.length})] as tld) as c`;
}

await ensureDatabase(BENCH_DATABASE_URL);
const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await db.connect();
try {
  const marker = await db.query(
    'select shobj_description(oid, $1) as c from pg_database where datname = current_database()',
    ['pg_database'],
  );
  if (marker.rows[0]?.c === SEED_MARKER && process.env.BENCH_RESEED !== '1') {
    console.log(`bench_leads is already seeded (${SEED_MARKER}); BENCH_RESEED=1 seeds it again.`);
    process.exit(0);
  }

  // 1. The schema and the big organisation, through the API.
  const server = await startApi(BENCH_DATABASE_URL);
  let orgId;
  try {
    const existing = await db.query('select id from users where email = $1', [OWNER.email]);
    let access;
    if (existing.rowCount === 0) {
      const reg = await api(server.base, 'POST', '/auth/register/', {
        first_name: 'Olivia',
        last_name: 'Owner',
        email: OWNER.email,
        company_name: 'Bench Leads AB',
        password: OWNER.password,
        password_confirm: OWNER.password,
        terms_accepted: true,
      });
      access = reg.access;
      for (const name of [
        'Nordic Trade Expo',
        'Stockholm Tech Days',
        'Gothenburg Food Fair',
        'Malmö Build',
        'Oslo Retail Summit',
      ]) {
        await api(server.base, 'POST', '/events/', { name, status: 'active' }, access);
      }
    }
    const owner = await db.query(
      'select u.id, u.password_hash, m.organization_id from users u join memberships m on m.user_id = u.id where u.email = $1',
      [OWNER.email],
    );
    orgId = owner.rows[0].organization_id;
    console.log(`schema migrated, big organisation ${orgId} (${elapsed()})`);

    // 2. Members who sign in with the owner's password (same hash), one of them a viewer.
    const members = [
      ['Anders', 'Admin', 'admin'],
      ['Maja', 'Member', 'member'],
      ['Nils', 'Member', 'member'],
      ['Sara', 'Sales', 'member'],
      ['Viktor', 'Viewer', 'viewer'],
    ];
    for (const [first, last, role] of members) {
      const email = `${first.toLowerCase()}@bench-leads.example.com`;
      await db.query(
        `with u as (
           insert into users (email, password_hash, first_name, last_name, terms_accepted_at, email_verified_at, current_organization_id)
           values ($1, $2, $3, $4, now(), now(), $5) on conflict (email) do update set email = excluded.email returning id)
         insert into memberships (organization_id, user_id, role) select $5, id, $6 from u
         on conflict (organization_id, user_id) do nothing`,
        [email, owner.rows[0].password_hash, first, last, orgId, role],
      );
    }
  } finally {
    await server.stop();
  }

  // 3. The other organisations.
  await db.query(
    `insert into organizations (name, slug, address, settings)
     select 'Other Org ' || g, 'bench-other-' || g, o.address, o.settings
     from generate_series(1, ${OTHER_ORGS}) g, organizations o where o.id = $1
     on conflict (slug) do nothing`,
    [orgId],
  );
  console.log(`${OTHER_ORGS} other organisations (${elapsed()})`);

  // 4. The leads.
  await db.query('set synchronous_commit = off');
  await db.query("set maintenance_work_mem = '512MB'");
  if (process.env.BENCH_RESEED === '1') await db.query('truncate leads cascade');
  const ids = async (q, params) =>
    `array[${(await db.query(q, params)).rows.map((r) => `'${r.id}'`).join(',')}]::uuid[]`;
  const events = await ids('select id from events where organization_id = $1 order by created_at', [orgId]);
  const assignees = await ids(
    "select user_id as id from memberships where organization_id = $1 and role <> 'viewer' order by created_at",
    [orgId],
  );
  const chunk = 250_000;
  for (let done = 0; done < BIG_LEADS; done += chunk) {
    await db.query(
      leadsInsert({
        count: Math.min(chunk, BIG_LEADS - done),
        org: `'${orgId}'::uuid`,
        events,
        assignees,
        offset: done,
      }),
    );
    console.log(`big organisation: ${Math.min(done + chunk, BIG_LEADS)} leads (${elapsed()})`);
  }
  const others = `(select array_agg(id order by slug) from organizations where slug like 'bench-other-%')`;
  for (let done = 0; done < OTHER_LEADS; done += chunk) {
    await db.query(
      leadsInsert({
        count: Math.min(chunk, OTHER_LEADS - done),
        org: `(o.ids)[1 + (g % ${OTHER_ORGS})]`,
        events: "'{}'::uuid[]",
        assignees: "'{}'::uuid[]",
        offset: BIG_LEADS + done,
        extraFrom: `${others} as o(ids),`,
      }),
    );
    console.log(`other organisations: ${Math.min(done + chunk, OTHER_LEADS)} leads (${elapsed()})`);
  }

  // 5. Statistics and the visibility map, as a database that has run for a while has them.
  await db.query('vacuum (analyze) leads');
  await db.query('analyze');
  await db.query(`comment on database "${new URL(BENCH_DATABASE_URL).pathname.slice(1)}" is '${SEED_MARKER}'`);
  const counts = await db.query(
    'select count(*) filter (where organization_id = $1) as big, count(*) as total from leads',
    [orgId],
  );
  console.log(
    `seeded: ${counts.rows[0].big} leads in the big organisation, ${counts.rows[0].total} in all (${elapsed()})`,
  );
} finally {
  await db.end();
}
