import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  help?: ReactNode;
  error?: string | undefined;
};

/**
 * A native checkbox with its label beside it (the terms box, a newsletter opt-in). Native, so
 * `register()` of react-hook-form works and the whole label is the click target.
 */
export function Checkbox({ label, help, error, className, id, ...props }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const hasError = error !== undefined && error !== '';
  const describedBy = [help !== undefined ? helpId : null, hasError ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex items-start gap-2.5">
        <input
          type="checkbox"
          id={inputId}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          {...props}
        />
        <label htmlFor={inputId} className="cursor-pointer text-sm text-foreground">
          {label}
        </label>
      </div>
      {help !== undefined && (
        <p id={helpId} className="pl-6.5 text-xs text-muted-foreground">
          {help}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="pl-6.5 text-sm font-medium text-destructive-soft-foreground">
          {error}
        </p>
      )}
    </div>
  );
}
