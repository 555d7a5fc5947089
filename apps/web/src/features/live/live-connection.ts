import { LIVE_CLOSE, type LiveMessage } from '@leadcapture/contracts/live';

/**
 * The app's one live socket (docs/live.md), framework-free: it opens, re-authenticates and
 * reconnects by itself until `close()`. React only starts and stops it
 * (components/live-updates.tsx).
 *
 * - Reconnects with exponential backoff and full jitter (a random delay up to 1 s, 2 s, 4 s …
 *   30 s), so a server restart is not met by every browser at the same instant.
 * - 4001 (token bad or expired): renews the access token through the API client's one shared
 *   refresh, then reconnects with the new one.
 * - 4004 (not a member of that organisation any more): stops; the app's next call finds out.
 * - Sends `{"type":"ping"}` every PING_INTERVAL_MS; no answer at all within PONG_TIMEOUT_MS means
 *   a dead connection (a laptop woken from sleep): it is dropped and reopened.
 * - After a reconnect, `onOpen(true)`: messages may have been missed, the caller refetches.
 */

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** Open this long, a connection counts as good: the backoff starts again from the base. */
export const STABLE_MS = 5_000;
export const PING_INTERVAL_MS = 25_000;
export const PONG_TIMEOUT_MS = 10_000;

export type LiveConnectionOptions = {
  /** The socket's address for this access token (ws: or wss:, path and query). */
  url: (token: string) => string;
  getToken: () => string | null;
  /** Renews the access token; true when a new one is stored. */
  refreshToken: () => Promise<boolean>;
  onMessage: (message: LiveMessage) => void;
  /** Each open; `reopened` is true after the first (messages may have been missed meanwhile). */
  onOpen?: (reopened: boolean) => void;
  /** Each close of an open or opening socket (a reconnect follows unless closed for good). */
  onClose?: () => void;
  /** Injected in tests. */
  WebSocket?: typeof WebSocket;
  random?: () => number;
};

export type LiveConnection = { close: () => void };

/** The delay before reconnect attempt `attempt` (0-based): full jitter over an exponential cap. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(random() * cap);
}

function isLiveMessage(value: unknown): value is LiveMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const Socket = options.WebSocket ?? WebSocket;
  const random = options.random ?? Math.random;
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let opens = 0;
  let needsFreshToken = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const isStopped = () => stopped;
  const clearTimers = () => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = undefined;
    pongTimer = undefined;
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), backoffDelay(attempt, random));
    attempt += 1;
  };

  const connect = async () => {
    retryTimer = undefined;
    if (stopped) return;
    let token = needsFreshToken ? null : options.getToken();
    if (token === null) {
      const renewed = await options.refreshToken().catch(() => false);
      // close() may have been called while the refresh was on its way.
      if (isStopped()) return;
      token = renewed ? options.getToken() : null;
      // Offline, or the session is being ended: try again later (a sign-out unmounts us).
      if (token === null) return schedule();
    }
    needsFreshToken = false;
    const ws = new Socket(options.url(token));
    socket = ws;
    let openedAt = 0;

    ws.onopen = () => {
      openedAt = Date.now();
      opens += 1;
      options.onOpen?.(opens > 1);
      pingTimer = setInterval(() => {
        if (ws.readyState !== ws.OPEN) return;
        ws.send(JSON.stringify({ type: 'ping' }));
        clearTimeout(pongTimer);
        // Whatever arrives (the pong or any message) proves the connection alive.
        pongTimer = setTimeout(() => ws.close(), PONG_TIMEOUT_MS);
      }, PING_INTERVAL_MS);
    };
    ws.onmessage = (event: MessageEvent) => {
      clearTimeout(pongTimer);
      if (isStopped()) return;
      if (typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isLiveMessage(message) && message.type !== 'pong' && message.type !== 'error') options.onMessage(message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket === ws) socket = null;
      clearTimers();
      options.onClose?.();
      if (stopped) return;
      if (openedAt > 0 && Date.now() - openedAt >= STABLE_MS) attempt = 0;
      if (event.code === LIVE_CLOSE.NOT_FOUND) {
        stopped = true;
        return;
      }
      if (event.code === LIVE_CLOSE.UNAUTHORIZED) needsFreshToken = true;
      schedule();
    };
  };

  // Back online: no reason to wait out the backoff.
  const onOnline = () => {
    if (stopped || socket !== null || retryTimer === undefined) return;
    clearTimeout(retryTimer);
    void connect();
  };
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  void connect();

  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimers();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      const ws = socket;
      socket = null;
      if (ws === null) return;
      // Closing a socket still connecting makes the browser log an error ("closed before the
      // connection is established"): let it open, then close it.
      if (ws.readyState === ws.CONNECTING) ws.onopen = () => ws.close(1000, 'Closed by the app');
      else ws.close(1000, 'Closed by the app');
    },
  };
}
