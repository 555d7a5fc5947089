import { sql } from 'drizzle-orm';
import {
  LIVE_CLOSE,
  LIVE_LEAD_TYPES,
  isLivePing,
  type AnalyticsUpdatedData,
  type LiveChannel,
  type LiveErrorCode,
} from '@leadcapture/contracts/live';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import type { RawData } from 'ws';
import { queryRows } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { LiveEvent, LiveEventBus } from '../../jobs/live-events.ts';
import { authenticate } from '../auth/auth.service.ts';

export interface LiveChannelOptions {
  /** How often every socket is pinged; one that has not answered the previous ping is terminated. */
  heartbeatMs: number;
  /**
   * How often each open socket's session and membership are checked again: a member removed or
   * signed out loses the socket within this, as the HTTP API refuses their very next request.
   */
  recheckMs: number;
  /** A socket whose unsent bytes would pass this is closed with 4008 instead of buffering more. */
  sendBufferBytes: number;
  /** At most one `analytics.updated` per organisation in this window (later ones coalesce). */
  analyticsThrottleMs: number;
  /** After a close frame, how long a socket may take to finish before it is cut. */
  closeGraceMs: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveChannelOptions = {
  heartbeatMs: 30_000,
  recheckMs: 60_000,
  sendBufferBytes: 1024 * 1024,
  analyticsThrottleMs: 1000,
  closeGraceMs: 5000,
};

/** Who a socket belongs to, decided before the upgrade completes (see admitSocket). */
export interface LiveIdentity {
  userId: string;
  organizationId: string;
  /** The access token's expiry (seconds since the epoch): the socket closes with 4001 then. */
  exp: number;
}

export type Admission = { ok: true; identity: LiveIdentity } | { ok: false; code: number; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEAD_TYPES: ReadonlySet<string> = new Set(LIVE_LEAD_TYPES);
const PONG = Buffer.from(JSON.stringify({ type: 'pong', data: null }));

/**
 * Decides whether a socket may open, before its upgrade completes: a valid access token whose
 * session is still open (the API's own `authenticate`), and a joined membership of the
 * organisation (the one asked for, else the user's current one). A refusal is answered as a
 * close code, not an HTTP status, because a browser cannot read the status of a failed upgrade.
 */
export async function admitSocket(
  deps: AppDeps,
  input: { token: string | null; organizationId: string | null },
): Promise<Admission> {
  if (!input.token) return { ok: false, code: LIVE_CLOSE.UNAUTHORIZED, reason: 'No access token' };
  // API keys act for integrations over HTTP; a socket is a signed-in person's.
  if (input.token.startsWith('lc_')) {
    return { ok: false, code: LIVE_CLOSE.UNAUTHORIZED, reason: 'Sign in: API keys cannot open live channels' };
  }
  let claims;
  try {
    claims = await authenticate(deps, input.token);
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: LIVE_CLOSE.UNAUTHORIZED, reason: err.message };
    throw err;
  }
  const asked = input.organizationId;
  if (asked !== null && !UUID.test(asked)) {
    return { ok: false, code: LIVE_CLOSE.NOT_FOUND, reason: 'Organization not found' };
  }
  const [membership] = await deps.db.transaction((tx) =>
    queryRows<{ organization_id: string }>(
      tx,
      sql`select organization_id from enter_tenant(${claims.userId}, ${asked})`,
    ),
  );
  if (!membership) return { ok: false, code: LIVE_CLOSE.NOT_FOUND, reason: 'Organization not found' };
  return { ok: true, identity: { userId: claims.userId, organizationId: membership.organization_id, exp: claims.exp } };
}

/** Whether a socket of this channel and identity gets this message. */
export function wants(
  channel: LiveChannel,
  identity: Pick<LiveIdentity, 'userId' | 'organizationId'>,
  event: LiveEvent,
) {
  if (event.organizationId !== identity.organizationId) return false;
  // A message for one member reaches that member's sockets alone, whatever the path.
  if (event.userId !== undefined && event.userId !== identity.userId) return false;
  switch (channel) {
    case 'notifications':
      return event.type === 'notification.created';
    case 'leads':
      return LEAD_TYPES.has(event.type);
    case 'analytics':
      return event.type === 'analytics.updated';
    case 'organization':
      return true;
  }
}

function textOf(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(new Uint8Array(raw)).toString('utf8');
}

/** Checks again, for an open socket, what admitted it (its token's session, the membership). */
export interface LiveRecheck {
  /** Sockets with the same key share one check per round (one browser's tabs, the same token). */
  key: string;
  run: () => Promise<Admission>;
}

interface Client {
  socket: WebSocket;
  channel: LiveChannel;
  identity: LiveIdentity;
  recheck: LiveRecheck;
  alive: boolean;
  expiry: NodeJS.Timeout;
}

export interface LiveChannels {
  /** Takes an open socket of an admitted identity: routes messages to it until it closes. */
  accept(socket: WebSocket, channel: LiveChannel, identity: LiveIdentity, recheck: LiveRecheck): void;
  /** Open sockets in this process (for /status and the bench). */
  size(): number;
  /** Closes every socket with 1001 (the clients reconnect elsewhere) and stops listening. */
  close(): Promise<void>;
}

/**
 * The socket registry of one process. It listens to the live-event bus once (every process
 * gets every message, through Redis when configured) and hands each message to the sockets of
 * its organisation only: sockets are kept per organisation, so a message is never even offered
 * to another tenant's socket. Each message is serialised and encoded once, whatever the number of sockets.
 */
export function createLiveChannels(
  bus: LiveEventBus,
  log: FastifyBaseLogger,
  options: Partial<LiveChannelOptions> = {},
): LiveChannels {
  const opts = { ...DEFAULT_LIVE_OPTIONS, ...options };
  const byOrganization = new Map<string, Set<Client>>();
  const analyticsTimers = new Map<string, { last: number; timer: NodeJS.Timeout | null; reason: string }>();

  /** Sends one message; `frame` is its JSON, encoded once for every socket it goes to. */
  const send = (client: Client, frame: Buffer) => {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    // ws keeps what the kernel did not take yet; a client that stopped reading must not make
    // that grow without end: it is closed, and refetches when it reconnects.
    if (socket.bufferedAmount + frame.length > opts.sendBufferBytes) {
      log.info({ organizationId: client.identity.organizationId }, 'live: closing a slow socket');
      closeSoon(client, LIVE_CLOSE.SLOW_CONSUMER, 'Send buffer full: reconnect and refetch');
      return;
    }
    socket.send(frame, { binary: false });
  };

  const closeSoon = (client: Client, code: number, reason: string) => {
    const { socket } = client;
    if (socket.readyState === socket.CLOSED) return;
    socket.close(code, reason);
    // A client that reads nothing never finishes the close handshake either.
    setTimeout(() => socket.terminate(), opts.closeGraceMs).unref();
  };

  const deliver = (event: LiveEvent) => {
    const clients = byOrganization.get(event.organizationId);
    if (!clients) return;
    let frame: Buffer | undefined;
    for (const client of clients) {
      if (!wants(client.channel, client.identity, event)) continue;
      frame ??= Buffer.from(JSON.stringify({ type: event.type, data: event.data }));
      send(client, frame);
    }
  };

  /**
   * The analytics page follows lead changes: at most one `analytics.updated` per organisation
   * per window, the first at once and later ones coalesced into one at the window's end. It is
   * derived here, in each process, from the lead messages every process receives, so nothing
   * more crosses Redis and no socket gets one copy per process.
   */
  const analyticsAfter = (event: LiveEvent) => {
    if (!LEAD_TYPES.has(event.type) || !byOrganization.has(event.organizationId)) return;
    const organizationId = event.organizationId;
    const state = analyticsTimers.get(organizationId) ?? { last: 0, timer: null, reason: event.type };
    analyticsTimers.set(organizationId, state);
    state.reason = event.type;
    if (state.timer) return;
    const fire = () => {
      state.timer = null;
      state.last = Date.now();
      const data: AnalyticsUpdatedData = { reason: state.reason, at: new Date(state.last).toISOString() };
      deliver({ type: 'analytics.updated', organizationId, data });
    };
    const wait = state.last + opts.analyticsThrottleMs - Date.now();
    if (wait <= 0) fire();
    else state.timer = setTimeout(fire, wait);
  };

  const unsubscribe = bus.subscribe((event) => {
    deliver(event);
    analyticsAfter(event);
  });

  // A socket that has not answered the previous ping (a phone gone to sleep, a cut cable) is
  // terminated: without this it would hold its buffers until TCP gives up, hours later.
  const heartbeat = setInterval(() => {
    for (const clients of byOrganization.values()) {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }, opts.heartbeatMs);
  heartbeat.unref();

  // The session or the membership may end while a socket is open: checked again every
  // recheckMs, once per distinct token and organisation, and such a socket closed with its code.
  // A check that cannot run (the database away) leaves the sockets open.
  const recheck = setInterval(() => {
    const groups = new Map<string, { run: () => Promise<Admission>; clients: Client[] }>();
    for (const clients of byOrganization.values()) {
      for (const client of clients) {
        const group = groups.get(client.recheck.key) ?? { run: client.recheck.run, clients: [] };
        group.clients.push(client);
        groups.set(client.recheck.key, group);
      }
    }
    for (const { run, clients } of groups.values()) {
      run()
        .then((admission) => {
          if (admission.ok) return;
          for (const client of clients) closeSoon(client, admission.code, admission.reason);
        })
        .catch((err: unknown) => log.warn({ err }, 'live: could not check a socket again'));
    }
  }, opts.recheckMs);
  recheck.unref();

  const remove = (client: Client) => {
    clearTimeout(client.expiry);
    const clients = byOrganization.get(client.identity.organizationId);
    if (!clients) return;
    clients.delete(client);
    if (clients.size === 0) {
      byOrganization.delete(client.identity.organizationId);
      const state = analyticsTimers.get(client.identity.organizationId);
      if (state?.timer) clearTimeout(state.timer);
      analyticsTimers.delete(client.identity.organizationId);
    }
  };

  const answerError = (client: Client, code: LiveErrorCode, message: string) =>
    send(client, Buffer.from(JSON.stringify({ type: 'error', data: { code, message } })));

  return {
    accept(socket, channel, identity, again) {
      const msLeft = identity.exp * 1000 - Date.now();
      const client: Client = {
        socket,
        channel,
        identity,
        recheck: again,
        alive: true,
        // Node's timers hold at most 2^31-1 ms; access tokens live 15 minutes.
        expiry: setTimeout(
          () => closeSoon(client, LIVE_CLOSE.UNAUTHORIZED, 'Token expired'),
          Math.min(Math.max(msLeft, 0), 2 ** 31 - 1),
        ),
      };
      const clients = byOrganization.get(identity.organizationId) ?? new Set<Client>();
      byOrganization.set(identity.organizationId, clients);
      clients.add(client);

      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('message', (raw, isBinary) => {
        client.alive = true;
        if (isBinary) {
          closeSoon(client, LIVE_CLOSE.UNSUPPORTED_DATA, 'Send JSON text messages');
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(textOf(raw));
        } catch {
          answerError(client, 'MALFORMED_MESSAGE', 'A message must be JSON: {"type":"ping"}');
          return;
        }
        if (!isLivePing(parsed)) {
          answerError(client, 'UNKNOWN_MESSAGE', 'The only message a client may send is {"type":"ping"}');
          return;
        }
        send(client, PONG);
      });
      socket.on('close', () => remove(client));
    },
    size() {
      let n = 0;
      for (const clients of byOrganization.values()) n += clients.size;
      return n;
    },
    async close() {
      unsubscribe();
      clearInterval(heartbeat);
      clearInterval(recheck);
      for (const state of analyticsTimers.values()) if (state.timer) clearTimeout(state.timer);
      analyticsTimers.clear();
      const closing: Promise<void>[] = [];
      for (const clients of byOrganization.values()) {
        for (const client of clients) {
          closing.push(new Promise((resolve) => client.socket.once('close', () => resolve())));
          closeSoon(client, LIVE_CLOSE.GOING_AWAY, 'Server shutting down');
        }
      }
      await Promise.all(closing);
    },
  };
}
