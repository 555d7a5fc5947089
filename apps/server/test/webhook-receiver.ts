import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

/**
 * A customer's webhook endpoint on 127.0.0.1: keeps every request, and answers from a queue of
 * answers (then `fallback`, 200 by default), so a test scripts failures, redirects and 410s.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const queue: Answer[] = [];
  let fallback: Answer = { status: 200, body: 'ok' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // `?p=<name>` tags a request (as the header x-path), so tests sharing the receiver never mix.
      const path = new URL(req.url ?? '/', 'http://receiver').searchParams.get('p') ?? '';
      received.push({
        headers: { ...req.headers, 'x-path': path },
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = queue.shift() ?? fallback;
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** The next answers, in order. */
    answer(...answers: Answer[]) {
      queue.push(...answers);
    },
    always(answer: Answer) {
      fallback = answer;
    },
    /** Waits until `n` requests arrived (or `timeoutMs` passed). */
    async waitFor(n: number, timeoutMs = 5000, poll?: () => Promise<unknown>): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n && Date.now() < deadline) {
        if (poll) await poll();
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
