import { FORM_LIMITS } from '@leadcapture/contracts/form-fields';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { controlClasses } from '../ui/classes.ts';
import { cn } from '../../lib/cn.ts';

type OptionsEditorProps = {
  legend: ReactNode;
  help?: ReactNode;
  options: readonly string[];
  onChange: (options: string[]) => void;
  /** Translated messages about the list as a whole ("Add at least one option"). */
  errors: readonly string[];
  /** Translated messages of each option, by position. */
  optionErrors: (index: number) => readonly string[];
  /** Names of the controls: "Option 2", "Move option 2 up", … */
  text: {
    item: (number: number) => string;
    add: string;
    remove: (number: number) => string;
    moveUp: (number: number) => string;
    moveDown: (number: number) => string;
  };
  /** The text of a newly added option ("Option 4"). */
  newOption: (number: number) => string;
};

type Focus = { index: number; control: 'input' | 'up' | 'down' } | { index: -1; control: 'add' };

/**
 * The choices of a select, radio or checkbox group, or the items of a features list: one text
 * box each, with buttons to move and remove it, and one to add another. Focus stays with the
 * option being worked on, also when it moves or a neighbour is removed.
 */
export function OptionsEditor({
  legend,
  help,
  options,
  onChange,
  errors,
  optionErrors,
  text,
  newOption,
}: OptionsEditorProps) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focus = useRef<Focus | null>(null);
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;

  useEffect(() => {
    const wanted = focus.current;
    if (wanted === null) return;
    focus.current = null;
    if (wanted.control === 'add') {
      addRef.current?.focus();
      return;
    }
    const row = listRef.current?.children[wanted.index];
    const target = row?.querySelector<HTMLElement>(`[data-option-control="${wanted.control}"]:not(:disabled)`);
    (target ?? row?.querySelector<HTMLElement>('[data-option-control="input"]'))?.focus();
  });

  const update = (index: number, value: string) => onChange(options.map((o, i) => (i === index ? value : o)));
  const move = (from: number, to: number, control: 'up' | 'down') => {
    const next = [...options];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    focus.current = { index: to, control };
    onChange(next);
  };
  const remove = (index: number) => {
    const next = options.filter((_, i) => i !== index);
    focus.current =
      next.length === 0 ? { index: -1, control: 'add' } : { index: Math.min(index, next.length - 1), control: 'input' };
    onChange(next);
  };
  const add = () => {
    let number = options.length + 1;
    while (options.includes(newOption(number))) number++;
    focus.current = { index: options.length, control: 'input' };
    onChange([...options, newOption(number)]);
  };

  const describedBy = [help === undefined ? null : helpId, errors.length > 0 ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy === '' ? undefined : describedBy}>
      <legend className="mb-1.5 text-sm font-medium text-foreground">{legend}</legend>
      {options.length > 0 && (
        <ol ref={listRef} className="grid gap-2">
          {options.map((option, index) => {
            const number = index + 1;
            const messages = optionErrors(index);
            const optionErrorId = `${id}-option-${index}-error`;
            return (
              // Options are plain strings and may repeat while being typed: the position is their identity.
              <li key={index} className="grid gap-1">
                <div className="flex items-center gap-1">
                  <input
                    type="text"
                    data-option-control="input"
                    aria-label={text.item(number)}
                    aria-invalid={messages.length > 0 || undefined}
                    aria-describedby={messages.length > 0 ? optionErrorId : undefined}
                    value={option}
                    maxLength={FORM_LIMITS.optionMaxLength}
                    onChange={(event) => update(index, event.target.value)}
                    className={cn(controlClasses, 'h-9 min-w-0 flex-1')}
                  />
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    data-option-control="up"
                    aria-label={text.moveUp(number)}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'up')}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    data-option-control="down"
                    aria-label={text.moveDown(number)}
                    disabled={index === options.length - 1}
                    onClick={() => move(index, index + 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon-sm" aria-label={text.remove(number)} onClick={() => remove(index)}>
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {messages.length > 0 && (
                  <p id={optionErrorId} className="text-sm font-medium text-destructive-soft-foreground">
                    {messages.join(' ')}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <Button
          ref={addRef}
          variant="outline"
          size="sm"
          onClick={add}
          disabled={options.length >= FORM_LIMITS.maxOptions}
        >
          <Plus aria-hidden="true" />
          {text.add}
        </Button>
      </div>
      {help !== undefined && (
        <p id={helpId} className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
      {errors.length > 0 && (
        <p id={errorId} className="text-sm font-medium text-destructive-soft-foreground">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
