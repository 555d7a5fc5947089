import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@leadcapture/contracts/staff';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureStaffUser } from './modules/staff/staff.service.ts';

/**
 * `npm run staff:create -- --email <e> --password <p> [--role admin|support]` (03-decisions §4c):
 * a staff account in the same database as the server (DATA_DIR or DATABASE_URL). With PGlite the
 * server must be stopped first: one process owns the data directory (db/lock.ts).
 */
const argsSchema = z.object({
  email: z.email('--email must be an email address'),
  password: z.string().min(12, '--password must be at least 12 characters').max(128),
  role: z.enum(STAFF_ROLES).default('admin'),
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(`${parsed.error.issues.map((i) => i.message).join('\n')}\n`);
    process.stderr.write('usage: npm run staff:create -- --email <e> --password <p> [--role admin|support]\n');
    return 64; // EX_USAGE
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, statementTimeoutMs: config.statementTimeoutMs }
      : {
          kind: 'pglite',
          dataDir: path.join(config.dataDir, 'db'),
          templatePath: fileURLToPath(new URL('./pgdata-template.tar.gz', import.meta.url)),
        },
  );
  try {
    const role: StaffRole = parsed.data.role;
    const created = await ensureStaffUser(database.db, { ...parsed.data, role });
    process.stdout.write(
      created
        ? `Staff account ${parsed.data.email} (${role}) created. Sign in at /staff/login to enrol the second factor.\n`
        : `A staff account for ${parsed.data.email} already exists; nothing changed.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
