import { format } from 'date-fns';

/** ISO instant → the local "2027-03-12T09:00" a `<input type="datetime-local">` shows. */
export function toLocalInput(iso: string | null): string {
  return iso === null ? '' : format(new Date(iso), "yyyy-MM-dd'T'HH:mm");
}

/**
 * The local "2027-03-12T09:00" → ISO in UTC; empty is null (no date). Text that is no date is
 * passed on as it is, so the contract's schema reports it ("Enter a valid date and time").
 */
export function fromLocalInput(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}
