import type { SubmissionValue } from '@leadcapture/contracts/form-fields';
import { Star } from 'lucide-react';
import { useState } from 'react';
import type { FormRendererMessages } from './form-renderer.tsx';
import { cx } from './form-renderer-styles.ts';

export interface RatingInputProps {
  /** DOM id of the first star; the others get `${id}-1`, `${id}-2`, … */
  id: string;
  fieldId: string;
  max: number;
  value: number | undefined;
  required: boolean;
  disabled: boolean;
  onChange: (fieldId: string, value: SubmissionValue | undefined) => void;
  messages: FormRendererMessages;
}

/**
 * Stars as native radio buttons (visually hidden, the star is their label): one tab stop, arrow
 * keys move between stars, and screen readers say "3 of 5 stars, radio button, 3 of 5" with no
 * ARIA of our own. An optional rating can be cleared, which radios alone cannot do.
 */
export function RatingInput({ id, fieldId, max, value, required, disabled, onChange, messages }: RatingInputProps) {
  const [hovered, setHovered] = useState<number | undefined>(undefined);
  const shown = hovered ?? value ?? 0;
  const stars = Array.from({ length: max }, (_, index) => index + 1);
  const starId = (n: number) => (n === 1 ? id : `${id}-${n - 1}`);
  return (
    <div className="flex flex-wrap items-center gap-x-1 gap-y-2" onMouseLeave={() => setHovered(undefined)}>
      {stars.map((n) => (
        <label
          key={n}
          className={cx('relative rounded-md p-1', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}
          onMouseEnter={disabled ? undefined : () => setHovered(n)}
        >
          <input
            type="radio"
            id={starId(n)}
            name={id}
            value={n}
            checked={value === n}
            onChange={() => onChange(fieldId, n)}
            disabled={disabled}
            className="peer sr-only"
          />
          <Star
            aria-hidden="true"
            strokeWidth={1.75}
            className={cx(
              'size-8 rounded-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-(--fr-ring)',
              n <= shown ? 'fill-(--fr-accent) text-(--fr-ring)' : 'fill-transparent text-muted-foreground',
            )}
          />
          <span className="sr-only">{messages.ratingStar(n, max)}</span>
        </label>
      ))}
      {!required && value !== undefined && (
        <button
          type="button"
          disabled={disabled}
          onClick={() => {
            onChange(fieldId, undefined);
            // The button goes away with the value: keep the keyboard user in the group.
            document.getElementById(starId(1))?.focus();
          }}
          className="ml-2 min-h-11 rounded-md px-2 text-sm font-medium text-muted-foreground underline underline-offset-4 hover:text-foreground focus-visible:outline-2 focus-visible:outline-(--fr-ring)"
        >
          {messages.clearRating}
        </button>
      )}
    </div>
  );
}
