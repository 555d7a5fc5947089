import type { FieldWidth } from '@leadcapture/contracts/form-fields';

/**
 * Class names of the form renderer. Plain strings and a tiny join, not `cn()`: tailwind-merge
 * would add ~7 KB gzip to the public capture page, whose whole JavaScript budget is 60 KB
 * (docs/decisions/011-capture-page-preact.md). Tailwind reads these files as text, so every
 * class is written out in full (no string building).
 *
 * The accent is the caller's, through CSS variables on an ancestor (the capture page sets them
 * from the event's primary colour; the builder preview may leave them unset):
 * - `--form-accent`: fills (the button field, selected stars), with `--form-accent-foreground`
 *   for text on it;
 * - `--form-ring`: focus rings and selected borders: a shade of the accent with at least 3:1
 *   against the card in the current theme.
 * The renderer's root turns them into `--fr-*` with the app's primary and ring as fallbacks.
 */

export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}

export const rootClass =
  '@container [--fr-accent:var(--form-accent,var(--primary))] [--fr-accent-fg:var(--form-accent-foreground,var(--primary-foreground))] [--fr-ring:var(--form-ring,var(--ring))]';

/** The grid the fields sit in: six columns on a wide form, one field per row on a narrow one. */
export const gridClass = 'grid grid-cols-6 gap-x-4 gap-y-6';

/**
 * Width of a field. A container query, not a viewport one, so a narrow builder preview lays out
 * exactly like a phone.
 */
export function widthClass(width: FieldWidth): string {
  switch (width) {
    case 'half':
      return 'col-span-6 @md:col-span-3';
    case 'third':
      return 'col-span-6 @md:col-span-2';
    default:
      return 'col-span-6';
  }
}

/**
 * Text-like controls. 16 px text on phones (iOS zooms into any smaller input on focus) and
 * 44 px high, the smallest comfortable touch target.
 */
export const controlClass =
  'block w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-(--fr-ring) focus-visible:ring-3 focus-visible:ring-(--fr-ring)/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25 @md:text-sm';

export const inputHeightClass = 'h-11 @md:h-10';

/** Native checkboxes and radios: the accent colours the tick, the ring shows focus. */
export const choiceClass =
  'mt-0.5 size-4.5 shrink-0 cursor-pointer accent-(--fr-accent) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--fr-ring) disabled:cursor-not-allowed';

/** One choice of a radio or checkbox group: the whole row is the click target. */
export const choiceRowClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-card px-3 py-2.5 text-sm text-foreground transition-colors hover:bg-accent has-checked:border-(--fr-ring) has-checked:bg-(--fr-ring)/5 has-disabled:cursor-not-allowed';

export const labelClass = 'block text-sm font-medium text-foreground';
export const helpClass = 'text-sm text-muted-foreground';
export const errorClass = 'text-sm font-medium text-destructive-soft-foreground';
export const requiredMarkClass = 'ml-0.5 text-destructive-soft-foreground';

/**
 * A file field before a file is chosen: the native input hidden (its button speaks the browser's
 * language, not the page's) and a label that looks like a button; the input keeps the focus
 * and the field's name, the label shows the ring.
 */
export const filePickerClass = {
  input: 'peer sr-only',
  button:
    'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-input bg-card px-4 text-sm font-semibold text-foreground shadow-xs transition-colors hover:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-(--fr-ring) peer-disabled:cursor-not-allowed peer-disabled:opacity-60 @md:min-h-10',
  none: 'min-w-0 truncate text-sm text-muted-foreground',
} as const;

/** The button field (a link that looks like the form's accent button). */
export const accentButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-(--fr-accent) px-5 text-sm font-semibold text-(--fr-accent-fg) shadow-sm transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--fr-ring)';
