import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './classes.ts';
import { useFieldControl } from './field.tsx';

/** A text input; inside a Field it is labelled and described automatically. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  const fieldProps = useFieldControl(props);
  return <input className={cn(controlClasses, 'h-10', className)} {...fieldProps} />;
}
