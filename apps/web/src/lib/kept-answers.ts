/**
 * The answers of a kept capture body under the keys of the server's 422 (`email`,
 * `responses.<field id>`), for the fix screens of the capture page and the booth screen.
 */

const RESPONSES = 'responses.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The custom field's id of a `responses.<id>` key, or null for a standard field. */
export function responseFieldId(key: string): string | null {
  return key.startsWith(RESPONSES) ? key.slice(RESPONSES.length) : null;
}

/** The answer under a 422's detail key. */
export function answerAt(body: Record<string, unknown>, key: string): unknown {
  const id = responseFieldId(key);
  if (id === null) return body[key];
  return isRecord(body.responses) ? body.responses[id] : undefined;
}

/** The body with the answer under `key` replaced. */
export function withAnswer(body: Record<string, unknown>, key: string, value: string): Record<string, unknown> {
  const id = responseFieldId(key);
  if (id === null) return { ...body, [key]: value };
  const responses = isRecord(body.responses) ? body.responses : {};
  return { ...body, responses: { ...responses, [id]: value } };
}
