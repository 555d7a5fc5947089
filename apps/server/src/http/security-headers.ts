import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/** Response headers by name, as `reply.headers()` takes them. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The headers helmet sets for `options`, worked out once at start-up. @fastify/helmet called
 * `helmet(options)` on every request, which parses and checks the whole policy again each time
 * (a tenth of the API's busy time under a capture rush, decision 023). Our policies are fixed
 * strings (no per-request nonces or directive functions), so every response gets the same
 * headers: helmet still decides them, on a response that is never sent, and each request copies them.
 */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  const headers = Object.entries(response.getHeaders()).map(([name, value]) => [
    name,
    Array.isArray(value) ? value.join(', ') : String(value),
  ]);
  if (headers.length === 0) throw new Error('helmet set no headers');
  return Object.freeze(Object.fromEntries(headers) as Record<string, string>);
}
