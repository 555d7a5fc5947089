import type { ReactNode } from 'react';

/** The brand link's look in the frame's header (a router Link in the app, an <a> on the sign-in page). */
export const authBrandClass =
  'flex items-center gap-2.5 rounded-md text-base font-semibold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring';

/** The product name beside the mark: on the narrowest phones only the mark shows, so the theme and language controls fit. */
export const authBrandNameClass = 'max-[26rem]:sr-only';

type AuthFrameProps = {
  /** The product name linking home, drawn with `authBrandClass`. */
  brand: ReactNode;
  /** Theme and language controls, at the header's end. */
  controls: ReactNode;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card: "No account? Create one" and the like. */
  footer?: ReactNode;
};

/**
 * The frame of the sign-in journeys: brand, language and theme, one card. Plain markup without
 * the router or i18next, so the app's /auth/* pages (features/auth/components/auth-shell.tsx)
 * and the sign-in page's light build (src/signin/) draw the same frame.
 */
export function AuthFrame({ brand, controls, title, description, children, footer }: AuthFrameProps) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(50%_60%_at_50%_0%,var(--color-indigo-100),transparent)] dark:bg-[radial-gradient(50%_60%_at_50%_0%,--alpha(var(--color-indigo-500)/16%),transparent)]"
      />
      <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-6">
        {brand}
        <div className="flex items-center gap-1">{controls}</div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-border bg-card px-5 py-7 shadow-xl shadow-slate-900/5 sm:px-8 sm:py-9 dark:shadow-black/30">
            <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
            {description !== undefined && <p className="mt-2 text-sm text-muted-foreground">{description}</p>}
            <div className="mt-7">{children}</div>
          </div>
          {footer !== undefined && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
