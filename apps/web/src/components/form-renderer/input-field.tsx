import {
  answerMaxLength,
  isMultiChoice,
  type InputFormField,
  type SubmissionValue,
} from '@leadcapture/contracts/form-fields';
import { ChevronDown } from 'lucide-react';
import type { FocusEvent, ReactNode } from 'react';
import type { FormRendererMessages } from './form-renderer.tsx';
import {
  choiceClass,
  choiceRowClass,
  controlClass,
  cx,
  errorClass,
  helpClass,
  inputHeightClass,
  labelClass,
  requiredMarkClass,
} from './form-renderer-styles.ts';
import { RatingInput } from './rating-input.tsx';

export interface InputFieldProps {
  field: InputFormField;
  /** DOM id of the control (of the first option in a group). */
  id: string;
  value: SubmissionValue | undefined;
  errors: readonly string[];
  onChange: (fieldId: string, value: SubmissionValue | undefined) => void;
  onBlur: ((fieldId: string) => void) | undefined;
  messages: FormRendererMessages;
  disabled: boolean;
  autoComplete: string | undefined;
  fileInput: FileInputRender | undefined;
}

/** What a page that can upload draws for a file field: the control with the DOM id `id`. */
export interface FileInputProps {
  field: InputFormField;
  id: string;
  /** The uploaded file's id, or '' for none yet. */
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  disabled: boolean;
}
export type FileInputRender = (props: FileInputProps) => ReactNode;

function asText(value: SubmissionValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/** Visual only: the control carries `required` (or its group says it in words). */
function RequiredMark({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <span className={requiredMarkClass} aria-hidden="true">
      *
    </span>
  );
}

/** The help text and the error messages under a control, with the ids it is described by. */
function Description({ field, id, errors }: { field: InputFormField; id: string; errors: readonly string[] }) {
  return (
    <>
      {field.help_text.trim() !== '' && (
        <p id={`${id}-help`} className={helpClass}>
          {field.help_text}
        </p>
      )}
      {errors.length > 0 && (
        <div id={`${id}-error`} className="grid gap-0.5">
          {errors.map((message) => (
            <p key={message} className={errorClass}>
              {message}
            </p>
          ))}
        </div>
      )}
    </>
  );
}

function describedBy(field: InputFormField, id: string, errors: readonly string[]): string | undefined {
  const ids = [field.help_text.trim() !== '' ? `${id}-help` : '', errors.length > 0 ? `${id}-error` : ''];
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * A group of choices (radios, a checkbox group, a rating, a checkbox with its own text) as a
 * fieldset: the question is its legend, which screen readers announce on entering the group.
 * A group cannot carry `required`, so the legend says it in words for screen readers.
 */
function Group({
  field,
  id,
  errors,
  messages,
  onBlur,
  role,
  children,
}: Pick<InputFieldProps, 'field' | 'id' | 'errors' | 'messages' | 'onBlur'> & {
  role?: 'radiogroup';
  children: ReactNode;
}) {
  // focusout bubbles: report a blur only when focus leaves the whole group.
  const handleBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (onBlur === undefined) return;
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    onBlur(field.id);
  };
  return (
    <fieldset
      className="grid min-w-0 gap-2"
      role={role}
      // A radio group says it is invalid as a whole; checkboxes each say it (their role supports it).
      aria-invalid={role === 'radiogroup' && errors.length > 0 ? true : undefined}
      aria-describedby={describedBy(field, id, errors)}
      onBlur={handleBlur}
    >
      <legend className={cx(labelClass, 'mb-2')}>
        {field.label}
        <RequiredMark required={field.required} />
        {field.required && <span className="sr-only">{` (${messages.required})`}</span>}
      </legend>
      {children}
      <Description field={field} id={id} errors={errors} />
    </fieldset>
  );
}

/** One input field of any type, with its label, help text and errors. */
export function InputField(props: InputFieldProps) {
  const { field, id, value, errors, onChange, onBlur, messages, disabled } = props;
  const invalid = errors.length > 0 || undefined;
  const blur = onBlur === undefined ? undefined : () => onBlur(field.id);
  const optionId = (index: number) => (index === 0 ? id : `${id}-${index}`);

  switch (field.type) {
    case 'radio':
      return (
        <Group {...props} role="radiogroup">
          {field.options.map((option, index) => (
            <label key={option} className={choiceRowClass}>
              <input
                type="radio"
                id={optionId(index)}
                name={id}
                value={option}
                checked={value === option}
                onChange={() => onChange(field.id, option)}
                disabled={disabled}
                className={choiceClass}
              />
              <span>{option}</span>
            </label>
          ))}
        </Group>
      );

    case 'rating':
      return (
        <Group {...props} role="radiogroup">
          <RatingInput
            id={id}
            fieldId={field.id}
            max={field.max_rating}
            value={typeof value === 'number' ? value : Number(asText(value)) || undefined}
            required={field.required}
            disabled={disabled}
            onChange={onChange}
            messages={messages}
          />
        </Group>
      );

    case 'checkbox': {
      if (isMultiChoice(field)) {
        const ticked = Array.isArray(value) ? value : [];
        return (
          <Group {...props}>
            {field.options.map((option, index) => (
              <label key={option} className={choiceRowClass}>
                <input
                  type="checkbox"
                  id={optionId(index)}
                  name={id}
                  value={option}
                  checked={ticked.includes(option)}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    // Kept in the order of the options, like the server keeps them.
                    onChange(
                      field.id,
                      field.options.filter((o) => (o === option ? checked : ticked.includes(o))),
                    );
                  }}
                  disabled={disabled}
                  aria-invalid={invalid}
                  className={choiceClass}
                />
                <span>{option}</span>
              </label>
            ))}
          </Group>
        );
      }
      const box = (text: ReactNode) => (
        <label className="flex cursor-pointer items-start gap-3 text-sm text-foreground has-disabled:cursor-not-allowed">
          <input
            type="checkbox"
            id={id}
            checked={value === true}
            onChange={(event) => onChange(field.id, event.currentTarget.checked)}
            onBlur={blur}
            disabled={disabled}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={describedBy(field, id, errors)}
            className={choiceClass}
          />
          <span>{text}</span>
        </label>
      );
      // With its own text the label is the question above the box; without, the box's label.
      if (field.checkbox_text.trim() === '') {
        return (
          <div className="grid gap-2">
            {box(
              <>
                {field.label}
                <RequiredMark required={field.required} />
              </>,
            )}
            <Description field={field} id={id} errors={errors} />
          </div>
        );
      }
      return <Group {...props}>{box(field.checkbox_text)}</Group>;
    }

    case 'file':
      // The page that can upload (the capture page) draws the picker; elsewhere (the builder's
      // preview) the field shows as a picker that takes nothing.
      return (
        <div className="grid gap-2">
          <label htmlFor={id} className={labelClass}>
            {field.label}
            <RequiredMark required={field.required} />
          </label>
          {props.fileInput ? (
            props.fileInput({
              field,
              id,
              value: typeof value === 'string' ? value : '',
              onChange: (next) => onChange(field.id, next),
              invalid: errors.length > 0,
              describedBy: describedBy(field, id, errors),
              disabled,
            })
          ) : (
            <input id={id} type="file" disabled className={cx(controlClass, 'py-1.5')} />
          )}
          <Description field={field} id={id} errors={errors} />
        </div>
      );

    default:
      return (
        <div className="grid gap-2">
          <label htmlFor={id} className={labelClass}>
            {field.label}
            <RequiredMark required={field.required} />
          </label>
          <TextControl {...props} invalid={invalid} blur={blur} />
          <Description field={field} id={id} errors={errors} />
        </div>
      );
  }
}

/** The controls with a label of their own: text, email, phone, number, date, time, textarea, select. */
function TextControl({
  field,
  id,
  value,
  errors,
  onChange,
  disabled,
  autoComplete,
  messages,
  invalid,
  blur,
}: InputFieldProps & { invalid: true | undefined; blur: (() => void) | undefined }) {
  const common = {
    id,
    name: id,
    disabled,
    required: field.required,
    autoComplete,
    onBlur: blur,
    'aria-invalid': invalid,
    'aria-describedby': describedBy(field, id, errors),
  };
  const text = asText(value);

  if (field.type === 'select') {
    return (
      <div className="relative">
        <select
          {...common}
          value={text}
          onChange={(event) => onChange(field.id, event.currentTarget.value)}
          className={cx(controlClass, inputHeightClass, 'cursor-pointer appearance-none pr-10')}
        >
          <option value="">{messages.choose}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
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

  if (field.type === 'textarea') {
    return (
      <textarea
        {...common}
        value={text}
        rows={4}
        maxLength={answerMaxLength(field)}
        placeholder={field.placeholder || undefined}
        onChange={(event) => onChange(field.id, event.currentTarget.value)}
        className={cx(controlClass, 'min-h-28 resize-y py-2.5')}
      />
    );
  }

  const isText = field.type === 'text' || field.type === 'email' || field.type === 'phone';
  return (
    <input
      {...common}
      {...inputKind(field.type)}
      value={text}
      maxLength={isText ? answerMaxLength(field) : undefined}
      placeholder={field.placeholder || undefined}
      onChange={(event) => onChange(field.id, event.currentTarget.value)}
      className={cx(controlClass, inputHeightClass)}
    />
  );
}

/** The native input type (and phone keyboard) of a one-line field. */
function inputKind(type: InputFormField['type']): { type: string; inputMode?: 'email' | 'tel' | 'decimal' } {
  switch (type) {
    case 'email':
      return { type: 'email', inputMode: 'email' };
    case 'phone':
      return { type: 'tel', inputMode: 'tel' };
    case 'number':
      // Text, not type=number: a number input reports '' while a half-typed "1e" is on screen,
      // and a controlled input would then wipe it. The validator checks the number.
      return { type: 'text', inputMode: 'decimal' };
    case 'date':
      return { type: 'date' };
    case 'time':
      return { type: 'time' };
    default:
      return { type: 'text' };
  }
}
