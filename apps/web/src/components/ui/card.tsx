import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-border bg-card text-card-foreground shadow-sm shadow-slate-900/[0.03]',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1 px-5 pt-5 sm:px-6', className)} {...props} />;
}

/** Rendered as h2 by default; pass `as="h3"` where the page outline needs it. */
export function CardTitle({ className, as: Tag = 'h2', ...props }: ComponentProps<'h2'> & { as?: 'h2' | 'h3' }) {
  return <Tag className={cn('text-base font-semibold text-foreground', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-end gap-2 rounded-b-2xl border-t border-border bg-muted/40 px-5 py-3 sm:px-6',
        className,
      )}
      {...props}
    />
  );
}
