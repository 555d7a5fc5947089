import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A grey placeholder of the content's shape, so the layout does not jump when data arrives. Decorative. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)} {...props} />
  );
}
