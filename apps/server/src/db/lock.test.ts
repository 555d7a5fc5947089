import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError } from './lock.ts';

const lockPath = () => path.join(mkdtempSync(path.join(tmpdir(), 'leadcapture-lock-')), 'db.lock');

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, and frees on release', () => {
    const file = lockPath();
    // Another live process (our parent) holds it.
    writeFileSync(file, String(process.ppid));
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
    expect(() => acquireLock(file)).toThrow(/in use by another process/);
  });

  it('takes over a lock left by a process that died', () => {
    const file = lockPath();
    writeFileSync(file, '999999999');
    const release = acquireLock(file);
    expect(existsSync(file)).toBe(true);
    release();
    expect(existsSync(file)).toBe(false);
  });
});
