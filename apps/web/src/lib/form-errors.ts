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
