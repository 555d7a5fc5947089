/**
 * The live channels (03-decisions §2, §4b; docs/live.md). A socket on one of these paths gets
 * JSON messages `{"type":…,"data":…}` of one organisation, after the change committed.
 * No zod here on purpose: the signed-in shell imports these constants, and zod (~15 KB gzip)
 * stays out of its first paint; the one client message is checked by `isLivePing`.
 */
export const LIVE_CHANNELS = ['notifications', 'leads', 'analytics', 'organization'] as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[number];

/** The socket paths, without the API prefix (the web app opens them on its own origin). */
export const LIVE_PATHS = {
  notifications: '/ws/notifications/',
  leads: '/ws/leads/',
  analytics: '/ws/analytics/',
  organization: (organizationId: string) => `/ws/organizations/${organizationId}/`,
} as const;

/** Lead messages: what the leads list, the event's leads panel and the Lobby follow. */
export const LIVE_LEAD_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.deleted',
  /** A bulk action changed these leads: `{action, ids}`. */
  'leads.bulk_updated',
  /** An import finished: `{id, created, updated, …}` totals. */
  'leads.imported',
] as const;
export type LiveLeadType = (typeof LIVE_LEAD_TYPES)[number];

/** Every message type a socket can receive from the server. */
export const LIVE_MESSAGE_TYPES = [
  ...LIVE_LEAD_TYPES,
  /** A notification for the signed-in member only (its inbox row). */
  'notification.created',
  /** The organisation's figures changed: `{reason, at}`; the analytics page refetches. */
  'analytics.updated',
  /** An export's progress, to its author's sockets only: `{id, status, progress: {done, total}}`. */
  'data_export.progress',
  /** An import's or bulk job's progress, to the organisation: `{job, id, status, progress: {done, total}}`. */
  'data.progress',
  /** The answer to a client's `{"type":"ping"}`. */
  'pong',
  /** A client message the server does not take: `{code, message}`. The socket stays open. */
  'error',
] as const;
export type LiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];

export interface LiveMessage<T = unknown> {
  type: string;
  data: T;
}

/** `analytics.updated`: at most one per organisation per second; `reason` is the lead message behind it. */
export interface AnalyticsUpdatedData {
  reason: string;
  /** ISO 8601 timestamp of the message. */
  at: string;
}

/** The one message a client may send, `{"type":"ping"}`: the server answers `{"type":"pong"}`. */
export function isLivePing(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    !Array.isArray(message) &&
    Object.keys(message).length === 1 &&
    (message as { type?: unknown }).type === 'ping'
  );
}

/** The codes of `{"type":"error","data":{code,message}}` answers to client messages. */
export const LIVE_ERROR_CODES = ['MALFORMED_MESSAGE', 'UNKNOWN_MESSAGE'] as const;
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

/**
 * Close codes (docs/live.md). 1xxx are the WebSocket standard's; 4xxx are this API's. A browser
 * cannot read the status of a refused upgrade, so an authentication failure is an accepted
 * socket closed at once with 4001 (decision 026).
 */
export const LIVE_CLOSE = {
  /** The server is shutting down: reconnect (to another process). */
  GOING_AWAY: 1001,
  /** A binary frame: only JSON text is spoken. */
  UNSUPPORTED_DATA: 1003,
  /** A client message over LIVE_MAX_CLIENT_MESSAGE_BYTES. */
  MESSAGE_TOO_BIG: 1009,
  /** No, malformed, expired or revoked access token, or the token expired while open: refresh, reconnect. */
  UNAUTHORIZED: 4001,
  /** Not a member of the organisation asked for (or it does not exist): do not retry with this token. */
  NOT_FOUND: 4004,
  /** The client read too slowly and its send buffer reached the cap: reconnect and refetch. */
  SLOW_CONSUMER: 4008,
} as const;
export type LiveCloseCode = (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE];

/** The largest client message the server reads; a larger one closes the socket with 1009. */
export const LIVE_MAX_CLIENT_MESSAGE_BYTES = 4096;
