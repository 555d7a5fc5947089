import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonBaseClasses, buttonSizeClasses, buttonVariantClasses } from './classes.ts';
import { Spinner } from './spinner.tsx';

export const buttonVariants = cva(buttonBaseClasses, {
  variants: { variant: buttonVariantClasses, size: buttonSizeClasses },
  compoundVariants: [{ variant: 'link', className: 'h-auto' }],
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child (a router Link, an <a>) with button styles instead of a <button>. */
    asChild?: boolean;
    /** Shows a spinner, disables the button and marks it busy; the label stays so the width does not jump. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      // A button inside a form submits by default; every other button should not.
      type={type ?? 'button'}
      className={classes}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner decorative />}
      {children}
    </button>
  );
}
