import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Zapier's catch hook (the URL a REST hook trigger subscribes with), as Zapier answers it: POST
 * JSON to `/hooks/catch/<account>/<hook>/`; 200 `{"status":"success","attempt","id","request_id"}`;
 * 410 Gone once the Zap is turned off or deleted (the sender must unsubscribe); 429 with
 * Retry-After when throttled; 5xx when down. Node http on 127.0.0.1; what it accepts is recorded.
 */
export type ZapierDoubleMode = 'ok' | 'gone' | 'rate_limited' | 'down';

export interface Caught {
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export class ZapierDouble {
  readonly caught: Caught[] = [];
  /** Requests of each path, accepted or not. */
  readonly attempts = new Map<string, number>();
  /** How each URL answers (default ok). */
  private readonly modes = new Map<string, ZapierDoubleMode>();
  retryAfterSeconds = 30;
  private readonly server: Server;
  private origin = '';

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', this.origin).pathname;
        this.attempts.set(path, (this.attempts.get(path) ?? 0) + 1);
        const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        const mode = this.modes.get(path) ?? 'ok';
        if (mode === 'gone') return json(410, { status: 'error', message: 'This hook has been disabled.' });
        if (mode === 'down') return json(503, { status: 'error', message: 'Service unavailable' });
        if (mode === 'rate_limited') {
          return json(
            429,
            { status: 'error', message: 'Rate limited' },
            { 'retry-after': String(this.retryAfterSeconds) },
          );
        }
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return json(400, { status: 'error', message: 'Invalid JSON' });
        }
        this.caught.push({ path, body, headers: req.headers });
        json(200, {
          status: 'success',
          attempt: randomUUID(),
          id: randomUUID(),
          request_id: randomBytes(8).toString('hex'),
        });
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** A new catch URL, as Zapier gives one to each Zap. */
  catchUrl(): string {
    return `${this.origin}/hooks/catch/${Math.floor(Math.random() * 1e7)}/${randomBytes(4).toString('hex')}/`;
  }

  setMode(url: string, mode: ZapierDoubleMode): void {
    this.modes.set(new URL(url).pathname, mode);
  }

  caughtAt(url: string): Caught[] {
    const path = new URL(url).pathname;
    return this.caught.filter((c) => c.path === path);
  }

  attemptsAt(url: string): number {
    return this.attempts.get(new URL(url).pathname) ?? 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export function startZapierDouble(): Promise<ZapierDouble> {
  return new ZapierDouble().start();
}
