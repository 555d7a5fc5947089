import { validationDetails } from '../../../lib/api-client.ts';

/**
 * Puts a 422's field messages on the form's fields. `field` maps a name of the server's details
 * ("name", "customer.name") to the form's, or `null` when no field shows it. Returns the messages
 * no field shows, or `null` when the error carried no field messages at all.
 */
export function applyFieldErrors(
  error: unknown,
  setError: (name: never, error: { type: string; message: string }) => void,
  field: (name: string) => string | null,
): string[] | null {
  const details = validationDetails(error);
  if (details === null) return null;
  const unmatched: string[] = [];
  for (const [name, messages] of Object.entries(details)) {
    const target = field(name);
    const message = messages.join(' ');
    if (target === null) unmatched.push(message);
    else setError(target as never, { type: 'server', message });
  }
  return unmatched;
}
