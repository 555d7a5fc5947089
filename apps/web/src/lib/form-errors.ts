import { validationDetails } from './api-client.ts';

/**
 * Puts the field messages of a 422 answer next to the fields of a react-hook-form form.
 * Returns the messages that match no field (shown by the caller, e.g. in a form alert), or null
 * when the error was no validation error at all.
 *
 *   onError: (error) => { const rest = applyServerErrors(error, form.setError, Object.keys(form.getValues())); }
 */
export function applyServerErrors(
  error: unknown,
  setError: (name: never, error: { type: string; message: string }) => void,
  fieldNames: readonly string[],
): string[] | null {
  const details = validationDetails(error);
  if (details === null) return null;
  const unmatched: string[] = [];
  for (const [field, messages] of Object.entries(details)) {
    const message = messages.join(' ');
    if (fieldNames.includes(field)) setError(field as never, { type: 'server', message });
    else unmatched.push(message);
  }
  return unmatched;
}

/** A zod issue, as far as `unionMessages` reads it. */
type Issue = {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  errors?: readonly (readonly { code: string; message: string }[])[];
};

/**
 * Better messages for values written as "empty or valid" (`z.union([z.literal(''), emailSchema])`).
 * zodResolver reports a failed union with its first branch's message, 'Invalid input: expected ""';
 * the useful one is the message of the branch that really checked the value ("Enter a valid email
 * address"). Returns those messages by top-level field, from the issues of a `safeParse`.
 */
export function unionMessages(issues: readonly Issue[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code !== 'invalid_union' || issue.path.length !== 1 || issue.errors === undefined) continue;
    for (const branch of issue.errors) {
      const telling = branch.find((inner) => inner.code !== 'invalid_value' && inner.code !== 'invalid_type');
      if (telling !== undefined && telling.message !== '') {
        found[String(issue.path[0])] = telling.message;
        break;
      }
    }
  }
  return found;
}
