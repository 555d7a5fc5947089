import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The part of a chat tool's incoming webhook both doubles share (slack-double.ts,
 * teams-double.ts): a node:http server on 127.0.0.1 with one secret path per webhook it issued,
 * which records what it accepts, and a switch to answer as the tool does when it throttles,
 * refuses, breaks or hangs. Each double supplies its tool's answers.
 */

/** How the next requests are answered; `rate_limited` answers 429 once and then accepts again. */
export type ChatDoubleMode = 'ok' | 'rate_limited' | 'refused' | 'gone' | 'garbage' | 'hang' | 'down';

export interface ChatAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface ChatDialect {
  /** The path of a new webhook (the token in it is the credential). */
  newPath(token: string): string;
  /** Checks the JSON the tool would accept; answers the tool's 400 when it would not. */
  validate(payload: unknown): ChatAnswer | null;
  accepted: ChatAnswer;
  /** A path the tool does not know, or a revoked one. */
  unknown: ChatAnswer;
  refused: ChatAnswer;
  gone: ChatAnswer;
  rateLimited(retryAfterSeconds: number): ChatAnswer;
}

export interface ReceivedMessage {
  path: string;
  payload: unknown;
  headers: IncomingMessage['headers'];
}

export class ChatWebhookDouble {
  readonly messages: ReceivedMessage[] = [];
  /** Every request, accepted or not: a test can count the attempts. */
  requests = 0;
  mode: ChatDoubleMode = 'ok';
  retryAfterSeconds = 1;
  private readonly paths = new Set<string>();
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private origin = '';

  constructor(private readonly dialect: ChatDialect) {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** A new webhook URL, as the tool shows it to whoever adds the webhook. */
  issueUrl(): string {
    const path = this.dialect.newPath(randomBytes(12).toString('hex'));
    this.paths.add(path);
    return `${this.origin}${path}`;
  }

  /** The webhook is deleted on the tool's side: its URL answers as an unknown one. */
  revoke(url: string): void {
    this.paths.delete(new URL(url).pathname);
  }

  messagesTo(url: string): unknown[] {
    const path = new URL(url).pathname;
    return this.messages.filter((m) => m.path === path).map((m) => m.payload);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.requests += 1;
    const path = new URL(req.url ?? '/', this.origin).pathname;
    const send = (a: ChatAnswer) => {
      res.writeHead(a.status, { 'content-type': 'text/plain; charset=utf-8', ...a.headers });
      res.end(a.body);
    };
    switch (this.mode) {
      case 'hang':
        return; // the socket stays open with no answer until the caller gives up
      case 'down':
        return send({ status: 503, body: 'Service Unavailable' });
      case 'garbage':
        return send({
          status: 200,
          body: '<html><body>Sign in to continue</body></html>',
          headers: { 'content-type': 'text/html' },
        });
      case 'refused':
        return send(this.dialect.refused);
      case 'gone':
        return send(this.dialect.gone);
      case 'rate_limited':
        this.mode = 'ok';
        return send(this.dialect.rateLimited(this.retryAfterSeconds));
      case 'ok':
        break;
    }
    if (req.method !== 'POST' || !this.paths.has(path)) return send(this.dialect.unknown);
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(this.dialect.validate(undefined) ?? { status: 400, body: 'invalid_payload' });
    }
    const refusal = this.dialect.validate(payload);
    if (refusal) return send(refusal);
    this.messages.push({ path, payload, headers: req.headers });
    send(this.dialect.accepted);
  }
}
