/**
 * A WebSocket double for the live tests: records every socket the code opens and lets the test
 * play the server (open, send a message, close with a code). Only what live-connection.ts uses.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  sent: string[] = [];
  closedWith: { code?: number | undefined; reason?: string | undefined } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  /** The client closes: the close event follows as a browser would fire it. */
  close(code?: number, reason?: string): void {
    if (this.readyState === this.CLOSED) return;
    this.closedWith = { code, reason };
    this.serverClose(code ?? 1005, reason ?? '');
  }

  // --- the server's side ---
  serverOpen(): void {
    this.readyState = this.OPEN;
    this.onopen?.(new Event('open'));
  }

  serverSend(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  serverClose(code: number, reason = ''): void {
    if (this.readyState === this.CLOSED) return;
    this.readyState = this.CLOSED;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }
}

/** What the code under test takes as its WebSocket constructor. */
export const fakeWebSocket = FakeWebSocket as unknown as typeof WebSocket;
