import { Label } from 'radix-ui';
import { createContext, useContext, useId, type AriaAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { fieldClasses } from './classes.ts';

/**
 * A labelled form control with help text and an error message, wired for assistive technology:
 * the control gets the label's id, `aria-describedby` pointing at the help and error texts, and
 * `aria-invalid` while there is an error. Input, Textarea and Select pick this up by themselves:
 *
 *   <Field label={t('auth:fields.email')} help={t('auth:fields.emailHelp')} error={message} required>
 *     <Input type="email" autoComplete="email" />
 *   </Field>
 *
 * With react-hook-form use FormField (form-field.tsx), which fills `error` from the form state.
 */

export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  required?: boolean | undefined;
};

const FieldContext = createContext<FieldControlProps | null>(null);

/** The props a control inside a Field needs; explicit props of the control win. */
export function useFieldControl<P extends Partial<FieldControlProps>>(props: P): P & Partial<FieldControlProps> {
  const field = useContext(FieldContext);
  if (field === null) return props;
  return {
    ...field,
    ...props,
    id: props.id ?? field.id,
    'aria-describedby': [field['aria-describedby'], props['aria-describedby']].filter(Boolean).join(' ') || undefined,
  };
}

export type FieldProps = {
  label: ReactNode;
  help?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  /** Keeps the label for screen readers only (a search box with a visible icon). */
  hideLabel?: boolean;
  /** Something next to the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
};

export function Field({ label, help, error, required, hideLabel, labelAside, className, children }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== '';
  const describedBy = [help !== undefined ? helpId : null, hasError ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className={cn('flex items-baseline justify-between gap-2', hideLabel && 'sr-only')}>
        <Label.Root htmlFor={id} className={fieldClasses.label}>
          {label}
          {/* Visual only: the control itself carries `required`, which screen readers announce. */}
          {required === true && (
            <span className={fieldClasses.requiredMark} aria-hidden="true">
              *
            </span>
          )}
        </Label.Root>
        {labelAside}
      </div>
      <FieldContext.Provider
        value={{
          id,
          'aria-describedby': describedBy === '' ? undefined : describedBy,
          'aria-invalid': hasError ? true : undefined,
          required,
        }}
      >
        {children}
      </FieldContext.Provider>
      {help !== undefined && (
        <p id={helpId} className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
      {hasError && (
        <p id={errorId} className={fieldClasses.error}>
          {error}
        </p>
      )}
    </div>
  );
}
