import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './classes.ts';
import { useFieldControl } from './field.tsx';

type TagInputProps = {
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  /** Most chips; typing stops adding at this many. */
  max?: number;
  /** Longest chip, in characters. */
  maxLength?: number;
  placeholder?: string;
  /** Names the list of chips for screen readers (the field's label); "Chosen" by default. */
  listLabel?: string;
  /** Announced name of one chip's remove button: "Remove {{value}}" by default. */
  removeLabel?: (value: string) => string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/**
 * A chip input for short texts (tags, interested products): Enter, comma or leaving the field
 * adds what was typed, Backspace in an empty field removes the last chip, and every chip has its
 * own remove button. Repeats are dropped without regard to case, as the server does. Inside a
 * Field the input is labelled and described like any control.
 */
export function TagInput({
  value,
  onChange,
  onBlur,
  max = 30,
  maxLength = 50,
  placeholder,
  removeLabel,
  listLabel,
  disabled = false,
  ...rest
}: TagInputProps) {
  const { t } = useTranslation('common');
  const control = useFieldControl(rest);
  const [draft, setDraft] = useState('');

  const add = (text: string) => {
    const additions = text
      .split(',')
      .map((s) => s.trim().slice(0, maxLength))
      .filter((s) => s !== '');
    if (additions.length === 0) return;
    const next = [...value];
    for (const item of additions) {
      if (next.length >= max) break;
      if (!next.some((existing) => existing.toLowerCase() === item.toLowerCase())) next.push(item);
    }
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
      setDraft('');
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        controlClasses,
        'flex min-h-10 flex-wrap items-center gap-1.5 px-2 py-1.5 focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30',
        control['aria-invalid'] === true && 'border-destructive',
      )}
    >
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={listLabel ?? t('tagInput.chosen')}>
          {value.map((item) => (
            <li
              key={item}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs font-medium text-foreground"
            >
              <span className="truncate">{item}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((v) => v !== item))}
                aria-label={removeLabel?.(item) ?? t('tagInput.remove', { value: item })}
                className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        {...control}
        type="text"
        value={draft}
        disabled={disabled || value.length >= max}
        maxLength={maxLength * 4}
        placeholder={value.length >= max ? t('tagInput.full', { count: max }) : placeholder}
        onChange={(e) => {
          const text = e.target.value;
          // A pasted "a, b, c" becomes three chips at once.
          if (text.includes(',')) {
            add(text);
            setDraft('');
          } else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add(draft);
          setDraft('');
          onBlur?.();
        }}
        className="h-7 min-w-32 flex-1 bg-transparent text-sm text-foreground outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
      />
    </div>
  );
}
