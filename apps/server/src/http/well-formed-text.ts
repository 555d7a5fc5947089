import { NON_FIELD_ERRORS, type ValidationDetails } from '@leadcapture/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { validationError } from './errors.ts';

/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON) is valid JSON and a valid JavaScript string, so it
 * passes every schema, but it is no Unicode text: PostgreSQL refuses it in jsonb (22P02, which is
 * no input error the database mapping can tell apart from a bug) and node-postgres silently
 * writes U+FFFD in its place in a text column. With the `u` flag, `\p{Cs}` matches only a
 * surrogate that is not half of a pair.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const MALFORMED_TEXT_MESSAGE = 'Text must be valid Unicode (it contains a lone UTF-16 surrogate).';

/**
 * The dotted path of the first string (or object key) in `value` that holds a lone surrogate,
 * or undefined when all text is well formed. Walks with its own stack: a deeply nested body
 * (a megabyte of `[[[[`) cannot overflow the call stack.
 */
export function findMalformedText(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, at] = next;
    if (typeof node === 'string') {
      if (LONE_SURROGATE.test(node)) return at;
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push([node[i], at ? `${at}.${i}` : String(i)]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const path = at ? `${at}.${key}` : key;
        if (LONE_SURROGATE.test(key)) return path;
        stack.push([child, path]);
      }
    }
  }
  return undefined;
}

/**
 * Every text input of the API in one place, before schema validation (so it holds for routes
 * whose schemas take free-form records too, such as form answers and custom fields): a lone
 * surrogate in the body, the query or the path answers 422 VALIDATION_ERROR naming the field.
 */
export async function refuseMalformedText(request: FastifyRequest): Promise<void> {
  const at = findMalformedText(request.body) ?? findMalformedText(request.query) ?? findMalformedText(request.params);
  if (at === undefined) return;
  // A bare JSON string as the body names no field: the error is the request's as a whole.
  const details: ValidationDetails = { [at || NON_FIELD_ERRORS]: [MALFORMED_TEXT_MESSAGE] };
  throw validationError(details);
}
