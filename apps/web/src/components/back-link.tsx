import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';

/** The way back to a list ("All leads") above one of its records' pages, in the page's language. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  const { lp } = useLocalizedPath();
  return (
    <Link
      to={lp(to)}
      className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring max-sm:min-h-11"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
