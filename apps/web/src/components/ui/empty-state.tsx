import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type EmptyStateProps = {
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  /** Usually one primary Button (asChild Link) that creates the first item. */
  action?: ReactNode;
  className?: string;
  /** Heading level that fits the page outline. */
  headingLevel?: 2 | 3;
};

export function EmptyState({ icon: Icon, title, description, action, className, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-12 text-center',
        className,
      )}
    >
      {Icon !== undefined && (
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      )}
      <Heading className="text-base font-semibold text-foreground">{title}</Heading>
      {description !== undefined && <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action !== undefined && <div className="mt-6">{action}</div>}
    </div>
  );
}
