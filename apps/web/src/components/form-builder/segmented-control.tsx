import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type SegmentedControlProps<T extends string | number> = {
  legend: ReactNode;
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  help?: ReactNode;
  disabled?: boolean;
};

/**
 * A row of mutually exclusive choices (width full/half/third, heading H1-H3). Native radio
 * buttons under the styled labels, so arrow keys, forms and screen readers work as for any
 * radio group.
 */
export function SegmentedControl<T extends string | number>({
  legend,
  value,
  options,
  onChange,
  help,
  disabled,
}: SegmentedControlProps<T>) {
  const name = useId();
  const helpId = `${name}-help`;
  return (
    <fieldset className="grid gap-1.5" aria-describedby={help === undefined ? undefined : helpId} disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-foreground">{legend}</legend>
      <div className="flex rounded-lg bg-muted p-1 ring-1 ring-border ring-inset">
        {options.map((option) => (
          <label key={option.value} className="relative flex-1">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'flex h-8 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors select-none',
                'peer-checked:bg-card peer-checked:text-foreground peer-checked:shadow-sm peer-checked:ring-1 peer-checked:ring-border',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring',
                'hover:text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
      {help !== undefined && (
        <p id={helpId} className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
    </fieldset>
  );
}
