import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type FileStorage } from './storage.ts';

function isMissing(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ENOENT';
}

/**
 * Files on the local disk under `root` (DATA_DIR/uploads). Writes go to a temporary name beside
 * the target and are renamed into place once complete (rename is atomic on one file system), so
 * a reader never sees half a file and a crash leaves only a `.partial` to sweep.
 */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async write(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const partial = `${target}.${randomUUID()}.partial`;
      let size = 0;
      const counted = async function* () {
        for await (const chunk of body) {
          size += chunk.byteLength;
          yield chunk;
        }
      };
      // Keys are fresh UUIDs made by the server, so the target never exists yet; 'wx' guards the
      // temporary name, which must be this write's alone.
      const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(Readable.from(counted()), out);
        await rename(partial, target);
      } catch (err) {
        // pipeline rejects at the first error, while the destroyed stream may still be opening
        // its file: remove it only once the stream has closed, or the file would appear after.
        if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()));
        await rm(partial, { force: true });
        throw err;
      }
      return { size };
    },

    async read(key) {
      try {
        const handle = await open(resolve(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async remove(key) {
      await rm(resolve(key), { force: true });
    },

    async removePrefix(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
  };
}
