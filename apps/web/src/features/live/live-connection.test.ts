import { LIVE_CLOSE } from '@leadcapture/contracts/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  openLiveConnection,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  STABLE_MS,
  type LiveConnectionOptions,
} from './live-connection.ts';
import { FakeWebSocket, fakeWebSocket } from './test/fake-websocket.ts';

let token: string | null;
let refreshes: number;

function connect(overrides: Partial<LiveConnectionOptions> = {}) {
  const seen: unknown[] = [];
  const opens: boolean[] = [];
  const connection = openLiveConnection({
    url: (t) => `ws://app.test/ws/organizations/org-1/?token=${t}`,
    getToken: () => token,
    refreshToken: () => {
      refreshes += 1;
      token = `fresh-${refreshes}`;
      return Promise.resolve(true);
    },
    onMessage: (m) => seen.push(m),
    onOpen: (reopened) => opens.push(reopened),
    WebSocket: fakeWebSocket,
    // The longest wait of each step, so the test knows exactly when a retry is due.
    random: () => 1,
    ...overrides,
  });
  return { connection, seen, opens };
}

/** Lets the connect step's awaited token refresh settle. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  token = 'first';
  refreshes = 0;
});
afterEach(() => vi.useRealTimers());

describe('backoff', () => {
  it('waits a random time up to 1 s, 2 s, 4 s … and never more than 30 s', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(20, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(3, () => 0.25)).toBe(2000);
    expect(backoffDelay(3, () => 0)).toBe(0);
  });
});

describe('the live connection', () => {
  it('opens with the access token and hands on server messages (not pongs or errors)', async () => {
    const { seen, connection } = connect();
    await flush();
    const ws = FakeWebSocket.latest();
    expect(ws.url).toBe('ws://app.test/ws/organizations/org-1/?token=first');
    ws.serverOpen();
    ws.serverSend({ type: 'lead.created', data: { id: 'l1' } });
    ws.serverSend({ type: 'pong', data: null });
    ws.serverSend({ type: 'error', data: { code: 'UNKNOWN_MESSAGE' } });
    expect(seen).toEqual([{ type: 'lead.created', data: { id: 'l1' } }]);
    connection.close();
  });

  it('reconnects after a drop with growing backoff, and says the reopen may have missed messages', async () => {
    const { opens, connection } = connect();
    await flush();
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // Refused again at once: the next wait doubles.
    FakeWebSocket.latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().serverOpen();
    expect(opens).toEqual([false, true]);
    // Open long enough to count as good: the next drop starts from 1 s again.
    await vi.advanceTimersByTimeAsync(STABLE_MS);
    FakeWebSocket.latest().serverClose(LIVE_CLOSE.GOING_AWAY);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(4);
    connection.close();
  });

  it('on 4001 renews the access token and reconnects with the new one', async () => {
    const { connection } = connect();
    await flush();
    FakeWebSocket.latest().serverClose(LIVE_CLOSE.UNAUTHORIZED, 'Token expired');
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshes).toBe(1);
    expect(FakeWebSocket.latest().url).toBe('ws://app.test/ws/organizations/org-1/?token=fresh-1');
    connection.close();
  });

  it('renews first when it holds no access token (a reload)', async () => {
    token = null;
    const { connection } = connect();
    await flush();
    expect(refreshes).toBe(1);
    expect(FakeWebSocket.latest().url).toContain('token=fresh-1');
    connection.close();
  });

  it('stops on 4004 (no longer a member) and after close()', async () => {
    const first = connect();
    await flush();
    FakeWebSocket.latest().serverClose(LIVE_CLOSE.NOT_FOUND);
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS * 2);
    expect(FakeWebSocket.instances).toHaveLength(1);
    first.connection.close();

    FakeWebSocket.reset();
    const second = connect();
    await flush();
    const ws = FakeWebSocket.latest();
    ws.serverOpen();
    second.connection.close();
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'Closed by the app' });
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS * 2);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('closes a socket still connecting once it opens (browsers log an error otherwise)', async () => {
    const { connection, seen } = connect();
    await flush();
    const ws = FakeWebSocket.latest();
    connection.close();
    expect(ws.closedWith).toBeNull();
    ws.serverOpen();
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'Closed by the app' });
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS * 2);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('pings, and drops and reopens a connection that stopped answering', async () => {
    const { connection } = connect();
    await flush();
    const ws = FakeWebSocket.latest();
    ws.serverOpen();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(ws.sent).toEqual(['{"type":"ping"}']);
    ws.serverSend({ type: 'pong', data: null });
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS);
    expect(ws.readyState).toBe(ws.OPEN);
    // The next ping goes unanswered.
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - PONG_TIMEOUT_MS + PONG_TIMEOUT_MS);
    expect(ws.readyState).toBe(ws.CLOSED);
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS);
    expect(FakeWebSocket.instances.length).toBeGreaterThan(1);
    connection.close();
  });
});
