import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const badgeVariants = cva(
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
  {
    variants: {
      variant: {
        neutral: 'bg-muted text-muted-foreground ring-border',
        primary: 'bg-primary-soft text-primary-soft-foreground ring-primary/20',
        success: 'bg-success-soft text-success-soft-foreground ring-emerald-600/20',
        warning: 'bg-warning-soft text-warning-soft-foreground ring-amber-600/25',
        danger: 'bg-destructive-soft text-destructive-soft-foreground ring-red-600/20',
        info: 'bg-info-soft text-info-soft-foreground ring-sky-600/20',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
