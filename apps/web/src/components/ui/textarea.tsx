import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './classes.ts';
import { useFieldControl } from './field.tsx';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  const fieldProps = useFieldControl(props);
  return <textarea rows={rows} className={cn(controlClasses, 'min-h-20 py-2', className)} {...fieldProps} />;
}
