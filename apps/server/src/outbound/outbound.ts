import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, request, errors as undiciErrors } from 'undici';
import { isAddressLiteral, isPublicAddress } from './addresses.ts';

/** Resolves a host name to all its addresses, as `dns.lookup(host, {all: true})` does. */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** Why an outgoing request did not get an answer; `blocked` is the address guard's refusal. */
export type OutboundFailure = 'blocked' | 'invalid_url' | 'dns' | 'timeout' | 'connect' | 'too_large';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text, at most `maxBodyBytes` of it (a longer one is cut, `truncated` set). */
  body: string;
  truncated: boolean;
  durationMs: number;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Text, or bytes (an encrypted push message). */
  body?: string | Uint8Array;
  /** The whole exchange, connect to last byte (default 10 s, 03-decisions §4a). */
  timeoutMs?: number;
  /** How much of the answer is read (default 1 MiB); the rest is dropped. */
  maxBodyBytes?: number;
}

export const OUTBOUND_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY = 1024 * 1024;

/**
 * The one way a request leaves for an address a customer gave us (webhooks, integrations).
 * The guard runs twice (03-decisions §4a, decision 025): `checkUrl` when the address is saved,
 * and again on the address actually dialled: the connector refuses an address literal outside
 * global unicast, and the lookup it dials through refuses a name that now resolves to one, so a
 * name that answered a public address at save and a private one at connect (DNS rebinding)
 * still never reaches the private one. Redirects are never followed; the exchange is limited
 * in time and in the size read.
 */
export function createOutbound(opts: { allowPrivate: boolean; resolver?: Resolver; userAgent?: string }) {
  const resolver = opts.resolver ?? systemResolver;
  const allowed = (address: string) => opts.allowPrivate || isPublicAddress(address);

  const guardedLookup: LookupFunction = (host, options, callback) => {
    resolver(host).then(
      (addresses) => {
        const [first] = addresses;
        if (!first || addresses.some((a) => !allowed(a.address))) {
          const err = new OutboundError('blocked', `${host} resolves to an address outgoing requests may not reach`);
          callback(err, '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: unknown) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
  const baseConnect = buildConnector({ lookup: guardedLookup });
  const agent = new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !allowed(host)) {
        callback(new OutboundError('blocked', `${host} is an address outgoing requests may not reach`), null);
        return;
      }
      baseConnect(options, callback);
    },
    // One attempt per call: the callers own their retry schedules.
    connections: 64,
    pipelining: 1,
  });

  return {
    /**
     * At save: an http(s) URL whose host is, or resolves only to, addresses outgoing requests
     * may reach. Answers the reason in words for the VALIDATION_ERROR, or null when it is fine.
     */
    async checkUrl(value: string): Promise<string | null> {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return 'Enter a valid URL.';
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use an http:// or https:// URL.';
      if (url.username || url.password) return 'Put credentials in a header or the secret, not in the URL.';
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isAddressLiteral(host)) {
        return allowed(host) ? null : 'This address is private or reserved; use a public address.';
      }
      let addresses: LookupAddress[];
      try {
        addresses = await resolver(host);
      } catch {
        return `The host ${host} could not be found.`;
      }
      if (addresses.length === 0) return `The host ${host} could not be found.`;
      return addresses.every((a) => allowed(a.address))
        ? null
        : 'This host resolves to a private or reserved address; use a public address.';
    },

    async send(url: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
      const started = performance.now();
      const maxBody = init.maxBodyBytes ?? DEFAULT_MAX_BODY;
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        throw new OutboundError('invalid_url', 'The address is not a valid URL.');
      }
      if (target.protocol !== 'https:' && target.protocol !== 'http:') {
        throw new OutboundError('invalid_url', 'Only http and https addresses are called.');
      }
      try {
        const answer = await request(target, {
          dispatcher: agent,
          method: init.method ?? 'POST',
          headers: { 'user-agent': opts.userAgent ?? 'LeadCapture', ...init.headers },
          body: init.body,
          signal: AbortSignal.timeout(init.timeoutMs ?? OUTBOUND_TIMEOUT_MS),
        });
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        for await (const chunk of answer.body as AsyncIterable<Buffer>) {
          const room = maxBody - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            truncated = true;
            answer.body.destroy();
            break;
          }
          chunks.push(chunk);
          size += chunk.length;
        }
        return {
          status: answer.statusCode,
          headers: answer.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          truncated,
          durationMs: Math.round(performance.now() - started),
        };
      } catch (err) {
        throw asOutboundError(err);
      }
    },

    close: () => agent.close(),
  };
}

export type Outbound = ReturnType<typeof createOutbound>;

function asOutboundError(err: unknown): OutboundError {
  if (err instanceof OutboundError) return err;
  const cause = err instanceof Error && err.cause instanceof OutboundError ? err.cause : undefined;
  if (cause) return cause;
  if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return new OutboundError('timeout', 'No answer within the time limit.');
  }
  if (
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError ||
    err instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new OutboundError('timeout', 'No answer within the time limit.');
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new OutboundError('dns', 'The host could not be found.');
  const message = err instanceof Error ? err.message : String(err);
  return new OutboundError('connect', `Could not connect: ${message}`);
}
