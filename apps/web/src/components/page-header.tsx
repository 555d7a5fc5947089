import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (wrap below the title on phones). */
  actions?: ReactNode;
  /** A small line above the title, e.g. the organisation or a breadcrumb. */
  eyebrow?: ReactNode;
  className?: string;
};

/** The h1 of a dashboard page. One per page; the layout's <main> is labelled by it. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <header className={cn('flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="min-w-0">
        {eyebrow !== undefined && <div className="mb-1 text-sm font-medium text-muted-foreground">{eyebrow}</div>}
        <h1 className="text-2xl font-semibold tracking-tight text-balance text-foreground sm:text-[1.75rem]">
          {title}
        </h1>
        {description !== undefined && <p className="mt-1.5 max-w-2xl text-sm text-muted-foreground">{description}</p>}
      </div>
      {/* Not shrink-0: the box keeps its buttons on one line beside the title while they fit there,
          and wraps them on a phone instead of widening the page (the lead page's five actions, issue 22). */}
      {actions !== undefined && <div className="flex min-w-0 flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
