import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What every provider double shares: a node:http server on 127.0.0.1 that records each request
 * and can be told to misbehave the way providers do, for the next requests (`next`) or for good
 * (`refuseCredentials`): answer 429 with Retry-After, garbage instead of JSON, a 5xx, or nothing
 * at all (hang, until the caller's time limit).
 */
export type Misbehaviour =
  { kind: 'rate_limit'; retryAfter: number } | { kind: 'garbage' } | { kind: 'hang' } | { kind: 'error' };

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Route = (req: Recorded) => Answer | Promise<Answer>;

export class Double {
  readonly requests: Recorded[] = [];
  /** One-shot misbehaviours, the first for the next request (of `only`, when given). */
  readonly next: (Misbehaviour & { only?: RegExp })[] = [];
  refuseCredentials = false;
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();
  url = '';

  constructor(private readonly route: Route) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The recorded requests whose path matches. */
  calls(path: RegExp, method?: string): Recorded[] {
    return this.requests.filter((r) => path.test(r.path) && (method === undefined || r.method === method));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://double.test');
    const recorded: Recorded = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(recorded);
    const index = this.next.findIndex((m) => !m.only || m.only.test(recorded.path));
    const misbehaviour = index === -1 ? undefined : this.next.splice(index, 1)[0];
    if (misbehaviour?.kind === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (misbehaviour?.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Bad gateway, or so</body></html>');
      return;
    }
    if (misbehaviour?.kind === 'error') {
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'Service unavailable' }));
      return;
    }
    if (misbehaviour?.kind === 'rate_limit') {
      res
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(misbehaviour.retryAfter) })
        .end(JSON.stringify({ status: 'error', message: 'Too many requests' }));
      return;
    }
    const answer = await this.route(recorded);
    res.writeHead(answer.status, {
      ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...answer.headers,
    });
    res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  }
}
