import type { ComponentProps } from 'react';
import { useFieldControl } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'value' | 'role' | 'type'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch (`role="switch"`, Space and Enter toggle it as a native button does). Inside a
 * Field it takes the Field's id, so the Field's label names it and its help describes it.
 */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  const { required: _required, ...fieldProps } = useFieldControl(props);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-primary' : 'bg-input',
        className,
      )}
      {...fieldProps}
    >
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}
