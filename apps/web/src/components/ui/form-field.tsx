import type { ReactElement } from 'react';
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { recogniseValidationMessage } from '../../lib/validation-messages.ts';
import { Field, type FieldProps } from './field.tsx';

/**
 * A Field bound to one react-hook-form field: the error comes from the form state and is
 * translated, the control gets value/onChange/onBlur/ref from `render`.
 *
 *   const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });
 *   <FormField control={form.control} name="email" label={t('auth:fields.email')} required
 *     render={(field) => <Input type="email" autoComplete="email" {...field} />} />
 */
type FormFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues> = Omit<
  FieldProps,
  'children' | 'error'
> & {
  /** The form's control; a resolver that transforms (zod `.transform`) gives it a third type. */
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
  render: (field: ControllerRenderProps<TValues, TName>) => ReactElement;
};

export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  render,
  ...fieldProps
}: FormFieldProps<TValues, TName, TTransformed>) {
  const { field, fieldState } = useController<TValues, TName, TTransformed>({ control, name });
  const message = useValidationMessage(fieldState.error?.message);
  return (
    <Field {...fieldProps} error={message}>
      {render(field)}
    </Field>
  );
}

/** The translated form of a contract validation message (or the message itself when unknown). */
export function useValidationMessage(message: string | undefined): string | undefined {
  const { t } = useTranslation('errors');
  if (message === undefined || message === '') return undefined;
  const known = recogniseValidationMessage(message);
  return known === null ? message : t(`validation.${known.key}`, known.values ?? {});
}
