import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-disk.ts';

const root = mkdtempSync(path.join(tmpdir(), 'leadcapture-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);

async function* chunks(...parts: string[]) {
  for (const p of parts) yield Buffer.from(p);
}

describe('local disk storage', () => {
  it('writes, reads and removes an object', async () => {
    expect(await storage.write('org-1/a.png', chunks('hello ', 'world'))).toEqual({ size: 11 });
    expect(readFileSync(path.join(root, 'org-1', 'a.png'), 'utf8')).toBe('hello world');
    const body = await storage.read('org-1/a.png');
    expect(body && (await text(body))).toBe('hello world');
    await storage.remove('org-1/a.png');
    expect(await storage.read('org-1/a.png')).toBeUndefined();
    await storage.remove('org-1/a.png'); // removing a missing object is fine
  });

  it('leaves nothing behind when the body fails midway', async () => {
    async function* failing() {
      yield Buffer.from('half');
      throw new Error('client went away');
    }
    await expect(storage.write('org-2/b.png', failing())).rejects.toThrow('client went away');
    expect(readdirSync(path.join(root, 'org-2'))).toEqual([]);
  });

  it('leaves nothing behind when the body fails before its file is open, even a moment later', async () => {
    // The refusal must not race the opening of the temporary file (a 413 left a stray file in CI).
    const dir = path.join(root, 'org-3');
    for (let i = 0; i < 20; i += 1) {
      // eslint-disable-next-line require-yield -- a body that fails before its first chunk
      async function* refused(): AsyncGenerator<Buffer> {
        throw new Error('too large');
      }
      await expect(storage.write(`org-3/${i}.png`, refused())).rejects.toThrow('too large');
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes everything under a prefix', async () => {
    await storage.write('org-4/x.png', chunks('x'));
    await storage.write('org-4/y.png', chunks('y'));
    await storage.removePrefix('org-4');
    expect(existsSync(path.join(root, 'org-4'))).toBe(false);
  });

  it.each([
    '../escape.png',
    'org/../../x.png',
    '/etc/passwd',
    'org//x.png',
    'org/.hidden',
    '',
    'a\\b.png',
    'org/x.png/',
  ])('refuses the key %j', async (key) => {
    await expect(storage.write(key, chunks('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.read(key)).rejects.toThrow('invalid storage key');
    await expect(storage.removePrefix(key)).rejects.toThrow('invalid storage key');
  });
});
