import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, behind the smallest interface the files module needs: local disk
 * today (DATA_DIR/uploads), an object store (S3 and the like) when several machines serve one
 * product. Keys are made by the server (`<organization id>/<uuid>.<ext>`), never by a client.
 */
export interface FileStorage {
  /**
   * Writes `body` under `key`. The object appears whole or not at all: a failed or aborted
   * write (including an error thrown by `body` itself) leaves nothing behind and rethrows.
   */
  write(key: string, body: AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** The object's bytes, or undefined when there is no such object. */
  read(key: string): Promise<Readable | undefined>;
  /** Removes one object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object under `prefix/` (an organisation's files when it is deleted). */
  removePrefix(prefix: string): Promise<void>;
}

/** Keys are slash-separated segments of safe characters: no '..', no absolute paths. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?(\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 300 || !KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
