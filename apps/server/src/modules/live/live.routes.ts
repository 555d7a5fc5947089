import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import { LIVE_MAX_CLIENT_MESSAGE_BYTES, type LiveChannel } from '@leadcapture/contracts/live';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { admitSocket, type Admission, type LiveChannels } from './live.service.ts';

/** The access token of a socket: `?token=` (browsers cannot set headers on a WebSocket) or a bearer header. */
function tokenOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown>;
  if (typeof query.token === 'string' && query.token !== '') return query.token;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function organizationOf(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown>;
  if (typeof params.id === 'string') return params.id;
  const header = request.headers['x-organization-id'];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown>;
  return typeof query.organization_id === 'string' && query.organization_id !== '' ? query.organization_id : null;
}

/** The upgrade requests this module answers: the paths below, with or without the trailing slash. */
const LIVE_PATH = /^\/ws\/(?:notifications|leads|analytics|organizations\/[^/?#]+)\/?(?:\?|$)/;

/**
 * Leaves only the live paths' upgrade requests to @fastify/websocket, and answers any other with
 * 404 and closes it, as Node does when nothing listens for upgrades. The plugin would route them
 * through fastify, where a route of another plugin answers over HTTP and the socket, detached from
 * the HTTP parser, would then stay open for good (or, on a route of this plugin, be logged with
 * its query string, the token included).
 */
function onlyLivePathsUpgrade(app: FastifyInstance) {
  const server = app.server;
  const handlers = server.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  const gate = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (LIVE_PATH.test(req.url ?? '')) {
      for (const handle of handlers) handle(req, socket, head);
      return;
    }
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  server.on('upgrade', gate);
  app.addHook('preClose', (done) => {
    server.off('upgrade', gate);
    done();
  });
}

const PATHS: [string, LiveChannel][] = [
  ['/ws/notifications/', 'notifications'],
  ['/ws/leads/', 'leads'],
  ['/ws/analytics/', 'analytics'],
  ['/ws/organizations/:id/', 'organization'],
];

/**
 * The live channels (docs/live.md). Authentication and the membership are decided in
 * preValidation, before the upgrade completes; a refusal still completes the upgrade and
 * closes at once with its code (4001, 4004), because a browser cannot read the HTTP status of a
 * refused upgrade and would retry blindly (decision 026). No message is ever sent first.
 */
export function liveRoutes(deps: AppDeps, channels: LiveChannels) {
  return async (app: FastifyInstance) => {
    await app.register(websocket, {
      options: {
        maxPayload: LIVE_MAX_CLIENT_MESSAGE_BYTES,
        // Messages are small JSON; compression would cost each socket its own zlib state.
        perMessageDeflate: false,
      },
      // Before the server stops listening: it waits for every connection, a socket's included,
      // so they are closed first (1001: the clients reconnect to another process).
      preClose: (done) => {
        channels.close().then(() => done(), done);
      },
    });
    onlyLivePathsUpgrade(app);
    const admissions = new WeakMap<FastifyRequest, Admission>();

    for (const [url, channel] of PATHS) {
      app.route({
        method: 'GET',
        url,
        // Not an HTTP API route: docs/live.md describes the sockets (OpenAPI 3 cannot).
        schema: { hide: true },
        preValidation: async (request) => {
          if (!request.ws) return;
          admissions.set(
            request,
            await admitSocket(deps, { token: tokenOf(request), organizationId: organizationOf(request) }),
          );
        },
        // A plain GET (no Upgrade header) answers in the envelope like any unknown API path.
        handler: async () => {
          throw new AppError(
            'NOT_FOUND',
            'This path speaks WebSocket only: open it with an Upgrade: websocket request.',
          );
        },
        wsHandler: (socket, request) => {
          const admission = admissions.get(request);
          if (!admission?.ok) {
            socket.close(admission?.code ?? 4001, admission?.reason ?? 'Not authenticated');
            return;
          }
          const token = tokenOf(request) ?? '';
          const { organizationId } = admission.identity;
          channels.accept(socket, channel, admission.identity, {
            key: `${organizationId} ${token}`,
            run: () => admitSocket(deps, { token, organizationId }),
          });
        },
      });
    }
  };
}
