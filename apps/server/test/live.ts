import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/** Test clients of the live channels (modules/live): a real socket on the app's real port. */

export interface LiveMessageSeen {
  type: string;
  data: unknown;
}

export interface TestSocket {
  ws: WebSocket;
  messages: LiveMessageSeen[];
  /** Resolves with the close code and reason once the server (or the client) closed it. */
  closed: Promise<{ code: number; reason: string }>;
  /** Waits until `check` holds for the messages seen, or fails after timeoutMs. */
  until(check: (messages: LiveMessageSeen[]) => boolean, timeoutMs?: number): Promise<LiveMessageSeen[]>;
  close(): void;
}

/** Listens on a free loopback port (once per app) and answers the ws:// base address. */
export async function wsBase(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `ws://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${bound.port}`;
}

/** Opens a socket and waits until it is open (or closed at once, for refusals). */
export async function openSocket(
  app: FastifyInstance,
  path: string,
  options: { token?: string; headers?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<TestSocket> {
  const params = new URLSearchParams({ ...(options.token ? { token: options.token } : {}), ...options.query });
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const ws = new WebSocket(`${await wsBase(app)}${path}${query}`, { headers: options.headers ?? {} });
  const messages: LiveMessageSeen[] = [];
  ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8')) as LiveMessageSeen));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    // A refused socket opens and is closed at once; either way the caller looks at `closed`.
    ws.once('close', () => resolve());
  });
  return {
    ws,
    messages,
    closed,
    async until(check, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!check(messages)) {
        if (Date.now() > deadline) {
          throw new Error(`timed out; messages seen: ${JSON.stringify(messages.map((m) => m.type))}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return messages;
    },
    close: () => ws.close(),
  };
}

/** Lets messages in flight arrive, so a test can assert that something did NOT come. */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
