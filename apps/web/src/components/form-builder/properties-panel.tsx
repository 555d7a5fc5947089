import {
  checkPattern,
  FIELD_WIDTHS,
  FORM_LIMITS,
  HEADING_LEVELS,
  isMultiChoice,
  LABEL_REQUIRED_TYPES,
  matchesPattern,
  type FormField,
} from '@leadcapture/contracts/form-fields';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { Textarea } from '../ui/textarea.tsx';
import { useTypeName, useValidationText } from './builder-text.ts';
import type { FieldErrorMap } from './definition-errors.ts';
import { FIELD_TYPE_ICONS, fieldProperties, type FieldProperty } from './field-types.ts';
import { OptionsEditor } from './options-editor.tsx';
import { SegmentedControl } from './segmented-control.tsx';

export type FieldChanges = Partial<Omit<FormField, 'id' | 'type'>>;

type PropertiesPanelProps = {
  field: FormField;
  /** The field's problems in the contract's wording, by property path. */
  errors: FieldErrorMap;
  onChange: (changes: FieldChanges) => void;
  disabled?: boolean;
};

/**
 * The properties of one field, only those its type uses (field-types.ts), each with its own
 * problems beside it. Problems of properties the panel does not show (a duplicate id from an
 * older definition) are listed at the end so that none is hidden.
 */
export function PropertiesPanel({ field, errors, onChange, disabled = false }: PropertiesPanelProps) {
  const { t } = useTranslation('builder');
  const translate = useValidationText();
  const typeName = useTypeName();
  const shown = fieldProperties(field.type);
  const has = (property: FieldProperty) => shown.has(property);
  const messages = (path: string): string[] => (errors[path] ?? []).map(translate);
  const error = (path: string): string | undefined => {
    const list = messages(path);
    return list.length === 0 ? undefined : list.join(' ');
  };
  const other = Object.entries(errors)
    .filter(([path]) => !shown.has((path.split('.')[0] ?? '') as FieldProperty))
    .flatMap(([, list]) => list.map(translate));
  const Icon = FIELD_TYPE_ICONS[field.type];
  const input = LABEL_REQUIRED_TYPES.includes(field.type) && field.type !== 'heading' && field.type !== 'button';

  return (
    <fieldset className="grid min-w-0 gap-5" disabled={disabled}>
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <span className="flex size-7 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <span>
          <span className="sr-only">{t('properties.type')}: </span>
          <span className="font-medium text-foreground">{typeName(field)}</span>
        </span>
      </div>

      {has('label') && (
        <TextProperty
          label={
            field.type === 'heading'
              ? t('properties.headingText')
              : field.type === 'button'
                ? t('properties.buttonText')
                : input
                  ? t('properties.label')
                  : t('properties.fieldTitle')
          }
          help={
            input
              ? t('properties.labelHint')
              : LABEL_REQUIRED_TYPES.includes(field.type)
                ? undefined
                : t('properties.optional')
          }
          required={LABEL_REQUIRED_TYPES.includes(field.type)}
          value={field.label}
          maxLength={FORM_LIMITS.labelMaxLength}
          error={error('label')}
          onValue={(label) => onChange({ label })}
        />
      )}
      {has('content') && (
        <Field label={t('properties.content')} error={error('content')} required>
          <Textarea
            rows={5}
            value={field.content}
            maxLength={FORM_LIMITS.contentMaxLength}
            onChange={(event) => onChange({ content: event.target.value })}
          />
        </Field>
      )}
      {has('url') && (
        <TextProperty
          label={
            field.type === 'image'
              ? t('properties.imageUrl')
              : field.type === 'video'
                ? t('properties.videoUrl')
                : t('properties.buttonUrl')
          }
          help={
            field.type === 'image'
              ? t('properties.imageUrlHint')
              : field.type === 'video'
                ? t('properties.videoUrlHint')
                : t('properties.buttonUrlHint')
          }
          type="url"
          inputMode="url"
          placeholder="https://"
          required
          value={field.url}
          maxLength={FORM_LIMITS.urlMaxLength}
          error={error('url')}
          onValue={(url) => onChange({ url })}
        />
      )}
      {has('alt') && (
        <TextProperty
          label={t('properties.alt')}
          help={t('properties.altHint')}
          value={field.alt}
          maxLength={FORM_LIMITS.altMaxLength}
          error={error('alt')}
          onValue={(alt) => onChange({ alt })}
        />
      )}
      {has('placeholder') && (
        <TextProperty
          label={t('properties.placeholder')}
          help={field.type === 'select' ? t('properties.selectPlaceholderHint') : t('properties.placeholderHint')}
          value={field.placeholder}
          maxLength={FORM_LIMITS.placeholderMaxLength}
          error={error('placeholder')}
          onValue={(placeholder) => onChange({ placeholder })}
        />
      )}
      {has('help_text') && (
        <TextProperty
          label={t('properties.helpText')}
          help={t('properties.helpTextHint')}
          value={field.help_text}
          maxLength={FORM_LIMITS.helpTextMaxLength}
          error={error('help_text')}
          onValue={(help_text) => onChange({ help_text })}
        />
      )}
      {has('checkbox_text') && (
        <TextProperty
          label={t('properties.checkboxText')}
          help={t('properties.checkboxTextHint')}
          value={field.checkbox_text}
          maxLength={FORM_LIMITS.checkboxTextMaxLength}
          error={error('checkbox_text')}
          onValue={(checkbox_text) => onChange({ checkbox_text })}
        />
      )}
      {has('options') && (
        <OptionsEditor
          legend={
            field.type === 'features_list'
              ? t('properties.items')
              : field.type === 'checkbox'
                ? t('properties.choices')
                : t('properties.options')
          }
          help={
            field.type === 'features_list'
              ? t('properties.itemsHint')
              : field.type === 'checkbox'
                ? t('properties.choicesHint')
                : t('properties.optionsHint')
          }
          options={field.options}
          onChange={(options) => onChange({ options })}
          errors={messages('options')}
          optionErrors={(index) => messages(`options.${index}`)}
          text={{
            item: (number) =>
              field.type === 'features_list' ? t('properties.item', { number }) : t('properties.option', { number }),
            add: field.type === 'features_list' ? t('properties.addItem') : t('properties.addOption'),
            remove: (number) => t('properties.removeOption', { number }),
            moveUp: (number) => t('properties.moveOptionUp', { number }),
            moveDown: (number) => t('properties.moveOptionDown', { number }),
          }}
          newOption={(number) =>
            field.type === 'features_list' ? t('properties.item', { number }) : t('defaults.option', { number })
          }
        />
      )}
      {has('required') && (
        <Checkbox
          label={t('properties.required')}
          help={
            field.type === 'checkbox' && !isMultiChoice(field)
              ? t('properties.requiredCheckboxHint')
              : t('properties.requiredHint')
          }
          error={error('required')}
          checked={field.required}
          onChange={(event) => onChange({ required: event.target.checked })}
        />
      )}
      {has('heading_level') && (
        <SegmentedControl
          legend={t('properties.headingLevel')}
          help={t('properties.headingLevelsHint')}
          value={field.heading_level}
          options={HEADING_LEVELS.map((level) => ({ value: level, label: t(`properties.headingLevels.${level}`) }))}
          onChange={(heading_level) => onChange({ heading_level })}
        />
      )}
      {has('height') && (
        <NumberProperty
          label={t('properties.height')}
          help={t('properties.heightHint', { min: FORM_LIMITS.minSpacerHeight, max: FORM_LIMITS.maxSpacerHeight })}
          value={field.height}
          min={FORM_LIMITS.minSpacerHeight}
          max={FORM_LIMITS.maxSpacerHeight}
          error={error('height')}
          onValue={(height) => {
            if (height !== null) onChange({ height });
          }}
        />
      )}
      {has('max_rating') && (
        <Field label={t('properties.maxRating')} help={t('properties.maxRatingHint')} error={error('max_rating')}>
          <Select
            value={String(field.max_rating)}
            options={range(FORM_LIMITS.minMaxRating, FORM_LIMITS.maxMaxRating).map((n) => ({
              value: String(n),
              label: String(n),
            }))}
            onChange={(event) => onChange({ max_rating: Number(event.target.value) })}
          />
        </Field>
      )}
      {has('min_length') && (
        <div className="grid grid-cols-2 gap-3">
          <NumberProperty
            label={t('properties.minLength')}
            value={field.min_length}
            min={0}
            max={FORM_LIMITS.answerMaxLength}
            error={error('min_length')}
            onValue={(min_length) => onChange({ min_length })}
            allowEmpty
          />
          <NumberProperty
            label={t('properties.maxLength')}
            value={field.max_length}
            min={1}
            max={FORM_LIMITS.answerMaxLength}
            error={error('max_length')}
            onValue={(max_length) => onChange({ max_length })}
            allowEmpty
          />
          <p className="col-span-2 -mt-1.5 text-xs text-muted-foreground">{t('properties.lengthHint')}</p>
        </div>
      )}
      {has('pattern') && (
        <PatternProperty
          pattern={field.pattern}
          error={error('pattern')}
          onValue={(pattern) => onChange({ pattern })}
        />
      )}
      {has('default_value') && (
        <DefaultValueProperty
          field={field}
          error={error('default_value')}
          onValue={(v) => onChange({ default_value: v })}
        />
      )}
      {has('width') && (
        <SegmentedControl
          legend={t('width.label')}
          help={t('width.hint')}
          value={field.width}
          options={FIELD_WIDTHS.map((width) => ({ value: width, label: t(`width.${width}`) }))}
          onChange={(width) => onChange({ width })}
        />
      )}

      <div className="grid gap-1 border-t border-border pt-4">
        <p className="text-xs font-medium text-muted-foreground">{t('properties.id')}</p>
        <p className="font-mono text-xs break-all text-foreground">{field.id}</p>
        <p className="text-xs text-muted-foreground">{t('properties.idHint')}</p>
      </div>

      {other.length > 0 && (
        <div className="rounded-lg bg-destructive-soft p-3 text-sm text-destructive-soft-foreground">
          <p className="flex items-center gap-1.5 font-medium">
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            {t('properties.otherProblems')}
          </p>
          <ul className="mt-1 list-disc pl-6">
            {other.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

type TextPropertyProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  label: ReactNode;
  help?: ReactNode;
  error: string | undefined;
  value: string;
  onValue: (value: string) => void;
};

function TextProperty({ label, help, error, required, value, onValue, ...props }: TextPropertyProps) {
  return (
    <Field label={label} help={help} error={error} required={required}>
      <Input value={value} onChange={(event) => onValue(event.target.value)} {...props} />
    </Field>
  );
}

type NumberPropertyProps = {
  label: ReactNode;
  help?: ReactNode;
  error: string | undefined;
  value: number | null;
  min: number;
  max: number;
  onValue: (value: number | null) => void;
  /** Whether an empty box means "no value" (null); otherwise emptying it changes nothing. */
  allowEmpty?: boolean;
};

/**
 * A whole number. What is typed is kept as typed while it is being edited (an empty box on
 * the way to another number), and only whole numbers reach the field; a number out of range
 * is stored so that the form shows its problem, as the server would.
 */
function NumberProperty({ label, help, error, value, min, max, onValue, allowEmpty = false }: NumberPropertyProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === null ? '' : String(value));
  return (
    <Field label={label} help={help} error={error}>
      <Input
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={shown}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          if (text.trim() === '') {
            if (allowEmpty) onValue(null);
            return;
          }
          const number = Number(text);
          if (Number.isInteger(number)) onValue(number);
        }}
        onBlur={() => setDraft(null)}
      />
    </Field>
  );
}

function PatternProperty({
  pattern,
  error,
  onValue,
}: {
  pattern: string;
  error: string | undefined;
  onValue: (pattern: string) => void;
}) {
  const { t } = useTranslation('builder');
  const [sample, setSample] = useState('');
  // The contract's own check, the one the server runs: its message is in `error` already.
  const usable = pattern !== '' && checkPattern(pattern).ok && error === undefined;
  const matches = usable && sample !== '' ? matchesPattern(pattern, sample) : null;
  return (
    <div className="grid gap-3">
      <Field label={t('properties.pattern')} help={t('properties.patternHint')} error={error}>
        <Input
          value={pattern}
          maxLength={FORM_LIMITS.patternMaxLength}
          onChange={(event) => onValue(event.target.value)}
          className="font-mono"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
        />
      </Field>
      {usable && (
        <p className="-mt-1 flex items-center gap-1.5 text-xs text-success-soft-foreground" role="status">
          <CircleCheck aria-hidden="true" className="size-3.5" />
          {t('properties.patternOk')}
        </p>
      )}
      {usable && (
        <Field label={t('properties.testValue')} help={t('properties.testValueHint')}>
          <Input
            value={sample}
            onChange={(event) => setSample(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        </Field>
      )}
      {matches !== null && (
        <p
          role="status"
          className={cn(
            '-mt-1 flex items-center gap-1.5 text-sm font-medium',
            matches ? 'text-success-soft-foreground' : 'text-destructive-soft-foreground',
          )}
        >
          {matches ? (
            <CircleCheck aria-hidden="true" className="size-4" />
          ) : (
            <CircleX aria-hidden="true" className="size-4" />
          )}
          {matches ? t('properties.testMatches') : t('properties.testNoMatch')}
        </p>
      )}
    </div>
  );
}

/** The pre-filled answer, edited with the control that fits the type (stored as text, see defaultAnswer). */
function DefaultValueProperty({
  field,
  error,
  onValue,
}: {
  field: FormField;
  error: string | undefined;
  onValue: (value: string) => void;
}) {
  const { t } = useTranslation('builder');
  const label = t('properties.defaultValue');
  const help = t('properties.defaultValueHint');
  const value = field.default_value;

  if (field.type === 'checkbox' && isMultiChoice(field)) {
    const ticked = new Set(value.split('\n').map((line) => line.trim()));
    return (
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-foreground">{label}</legend>
        {field.options.map((option, index) => (
          <Checkbox
            // Positions, like the options editor: options may repeat while being typed.
            key={index}
            label={option === '' ? '—' : option}
            checked={ticked.has(option)}
            onChange={(event) => {
              const next = field.options.filter((o) => (o === option ? event.target.checked : ticked.has(o)));
              onValue([...new Set(next)].join('\n'));
            }}
          />
        ))}
        <p className="text-xs text-muted-foreground">{help}</p>
        {error !== undefined && <p className="text-sm font-medium text-destructive-soft-foreground">{error}</p>}
      </fieldset>
    );
  }

  let control: ReactNode;
  switch (field.type) {
    case 'checkbox':
      control = (
        <Select
          value={value === 'true' ? 'true' : value === '' || value === 'false' ? '' : value}
          options={[
            { value: '', label: t('properties.notTicked') },
            { value: 'true', label: t('properties.ticked') },
          ]}
          onChange={(event) => onValue(event.target.value)}
        />
      );
      break;
    case 'select':
    case 'radio':
      control = (
        <Select
          value={value}
          placeholder={t('properties.noDefault')}
          options={[...new Set(field.options.filter((o) => o !== ''))].map((o) => ({ value: o, label: o }))}
          onChange={(event) => onValue(event.target.value)}
        />
      );
      break;
    case 'rating':
      control = (
        <Select
          value={value}
          placeholder={t('properties.noDefault')}
          options={range(1, field.max_rating).map((n) => ({ value: String(n), label: String(n) }))}
          onChange={(event) => onValue(event.target.value)}
        />
      );
      break;
    case 'textarea':
      control = (
        <Textarea
          rows={3}
          value={value}
          maxLength={FORM_LIMITS.answerMaxLength}
          onChange={(e) => onValue(e.target.value)}
        />
      );
      break;
    default:
      control = (
        <Input
          type={
            field.type === 'date'
              ? 'date'
              : field.type === 'time'
                ? 'time'
                : field.type === 'email'
                  ? 'email'
                  : field.type === 'phone'
                    ? 'tel'
                    : 'text'
          }
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={value}
          maxLength={FORM_LIMITS.answerMaxLength}
          onChange={(e) => onValue(e.target.value)}
        />
      );
  }
  return (
    <Field label={label} help={help} error={error}>
      {control}
    </Field>
  );
}
