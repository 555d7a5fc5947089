/**
 * What the log may say about a request and an error. Logs are read by more people, kept longer
 * and copied to more places than the database, so they carry no request body and no personal
 * data. Two things used to put it there:
 * - drizzle's DrizzleQueryError repeats every bound parameter (a lead's name, email, the whole
 *   capture as JSON) in its message, its stack and its `params` property;
 * - a database error's `detail` and `where` quote the refused values (`Key (email)=(…)`,
 *   `JSON data, line 1: {…}`), and the request URL's query string holds searches (`?search=greta@…`).
 * So an error is logged by an allowlist of its properties, with the parameters cut out, and a
 * request by its method and path.
 */

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's names for where it failed (identifiers, never values). */
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
  cause?: LoggedError;
};

/** A database message that quotes the refused value: `invalid input syntax for type uuid: "…"`. */
const QUOTED_VALUE = /(invalid input (?:syntax|value) for (?:type )?[\w ."]+: )".*"$/s;

function stringProp(err: object, key: string): string | undefined {
  const value: unknown = (err as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

function scrubbed(err: Error): { message: string; stack: string } {
  const query = stringProp(err, 'query');
  const hasParams = Array.isArray((err as { params?: unknown }).params);
  let message = err.message;
  // DrizzleQueryError: `Failed query: <sql>\nparams: <values>`; keep the SQL, drop the values.
  if (query !== undefined && hasParams) message = `Failed query: ${query}\nparams: [redacted]`;
  message = message.replace(QUOTED_VALUE, '$1"[redacted]"');
  return { message, stack: (err.stack ?? '').split(err.message).join(message) };
}

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'a non-error was thrown', stack: '' };
  const logged: LoggedError = { type: err.constructor.name, ...scrubbed(err) };
  for (const key of ['code', 'severity', 'routine', 'table', 'column', 'constraint'] as const) {
    const value = stringProp(err, key);
    if (value !== undefined) logged[key] = value;
  }
  const statusCode: unknown = (err as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') logged.statusCode = statusCode;
  if (err.cause !== undefined && depth < 5) logged.cause = serializeError(err.cause, depth + 1);
  return logged;
}

/** A request as logged: no headers, no body, and the path without its query string. */
export function serializeRequest(request: {
  method: string;
  url: string;
  ip?: string;
}): Record<string, string | undefined> {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? request.url : `${request.url.slice(0, query)}?[redacted]`,
    remoteAddress: request.ip,
  };
}
