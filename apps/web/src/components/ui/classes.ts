/**
 * The class strings of the design system's controls, as plain data: components/ui builds its
 * React components from them (with cva and tailwind-merge), and the light pages built with
 * preact (src/signin/, docs/decisions/022-sign-in-page.md) use them as they are, so a button or an
 * input looks the same on both without either carrying the other's code.
 */

/** The shared look of text-like controls. */
export const controlClasses =
  'block w-full max-sm:min-h-11 rounded-lg border border-input bg-card px-3 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30';

export const buttonBaseClasses =
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 aria-busy:cursor-wait [&_svg]:pointer-events-none [&_svg]:shrink-0';

export const buttonVariantClasses = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  secondary:
    'bg-card text-card-foreground shadow-xs ring-1 ring-border ring-inset hover:bg-accent hover:text-accent-foreground',
  outline: 'border border-input bg-transparent hover:bg-accent hover:text-accent-foreground',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
  link: 'rounded-sm px-0 text-primary-soft-foreground underline-offset-4 hover:underline',
} as const;

/**
 * On a phone (below `sm`) every size is at least 44 x 44 px, the thumb's target (WCAG 2.5.5,
 * issue 27): a minimum, so a taller button set by a page (the booth's h-14) stays as it is.
 */
export const buttonSizeClasses = {
  sm: 'h-8 px-3 text-xs max-sm:min-h-11 [&_svg]:size-3.5',
  md: 'h-10 px-4 max-sm:min-h-11 [&_svg]:size-4',
  lg: 'h-12 px-6 text-base [&_svg]:size-5',
  icon: 'size-10 max-sm:min-h-11 max-sm:min-w-11 [&_svg]:size-5',
  'icon-sm': 'size-8 max-sm:min-h-11 max-sm:min-w-11 [&_svg]:size-4',
} as const;

/** Label, required mark and error text of a field (components/ui/field.tsx). */
export const fieldClasses = {
  label: 'text-sm font-medium text-foreground',
  requiredMark: 'ml-0.5 text-destructive-soft-foreground',
  error: 'text-sm font-medium text-destructive-soft-foreground',
} as const;

/** A form-level message (components/ui/form-alert.tsx). */
export const formAlertClasses = {
  error: 'rounded-lg bg-destructive-soft px-3.5 py-3 text-sm font-medium text-destructive-soft-foreground',
  success: 'rounded-lg bg-success-soft px-3.5 py-3 text-sm font-medium text-success-soft-foreground',
} as const;

/** The language switch's pill of links (components/language-switch.tsx). */
export const languageSwitchClasses = {
  list: 'flex items-center gap-0.5 rounded-full border border-border bg-card p-0.5 text-sm shadow-xs',
  link: 'block rounded-full px-3 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  active: 'bg-foreground text-background',
  inactive: 'text-muted-foreground hover:text-foreground',
} as const;
