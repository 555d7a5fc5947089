import type { Client, Currency } from '@leadcapture/contracts/clients';

/** An amount in the client's currency ("SEK 12,500.50" / "12 500,50 kr"), or null when not given. */
export function formatAmount(value: number | null, currency: Currency, language: string): string | null {
  if (value === null) return null;
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    maximumFractionDigits: 2,
  }).format(value);
}

/** "Astrid Holm", or '' when the client has no contact person. */
export function contactName(client: Pick<Client, 'contact_first_name' | 'contact_last_name'>): string {
  return `${client.contact_first_name} ${client.contact_last_name}`.trim();
}

/** ISO instant → the local "2027-03-12T09:00" a `<input type="datetime-local">` shows. */
export function toLocalInput(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The local "2027-03-12T09:00" → ISO in UTC; empty is null. Text that is no date is passed on,
 * so the contract's schema reports it ("Enter a valid date and time").
 */
export function fromLocalInput(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** A number input's text → the amount, or null when empty (NaN stays, for the schema to refuse). */
export function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
