import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './classes.ts';
import { useFieldControl } from './field.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = Omit<ComponentProps<'select'>, 'children'> & {
  options: readonly SelectOption[];
  /** A first, empty choice such as "Choose…"; selecting it yields ''. */
  placeholder?: string;
};

/**
 * A styled native <select>, on purpose: phones show their own wheel or sheet, autofill and
 * react-hook-form's `register` work unchanged, and nothing has to re-implement keyboard search.
 */
export function Select({ className, options, placeholder, ...props }: SelectProps) {
  const fieldProps = useFieldControl(props);
  return (
    <div className={cn('relative', className)}>
      <select className={cn(controlClasses, 'h-10 cursor-pointer appearance-none pr-9')} {...fieldProps}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
