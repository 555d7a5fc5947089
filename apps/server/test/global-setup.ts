import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { makeTemplate } from '../src/db/make-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A directory every test app's memory mailer also writes to (see helpers.mailsTo). */
    mailSpool: string;
  }
}

/**
 * Once per run: on PostgreSQL (TEST_DATABASE_URL) a clean schema, migrated; on PGlite a
 * migrated template every test file unpacks into its own in-memory database.
 */
export default async function setup(project: TestProject) {
  const spool = mkdtempSync(path.join(tmpdir(), 'leadcapture-mail-'));
  project.provide('mailSpool', spool);
  const removeSpool = () => rmSync(spool, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await admin.end();
    const db = await openDatabase({ kind: 'postgres', url });
    await db.close();
    project.provide('pgliteTemplate', '');
    return removeSpool;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'leadcapture-test-'));
  const file = path.join(dir, 'template.tar.gz');
  await makeTemplate(file);
  project.provide('pgliteTemplate', file);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeSpool();
  };
}
