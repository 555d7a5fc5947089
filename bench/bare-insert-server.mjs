// The baseline of bench/capture.mjs: a bare fastify route doing one INSERT of the posted JSON
// into the same PostgreSQL, with the pool size the API uses (10). Nothing else: no validation,
// no transaction, no tenant scope. Started by capture.mjs in its own process, like the API.
// Env: DATABASE_URL, PORT.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  'create table if not exists bench_bare (id uuid primary key default gen_random_uuid(), payload jsonb not null, created_at timestamptz not null default now())',
);

const app = Fastify({ logger: false });
app.post('/bare/', async (request, reply) => {
  const { rows } = await pool.query('insert into bench_bare (payload) values ($1) returning id', [request.body]);
  reply.code(201);
  return { status: 'success', status_code: 201, data: { id: rows[0].id, status: 'received' } };
});
app.get('/ready/', async () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
