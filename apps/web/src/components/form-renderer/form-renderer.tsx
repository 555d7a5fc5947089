import { isInputField, type FormField, type SubmissionValue } from '@leadcapture/contracts/form-fields';
import { useId, useMemo } from 'react';
import { gridClass, rootClass, widthClass } from './form-renderer-styles.ts';
import { InputField, type FileInputRender } from './input-field.tsx';

export type { FileInputProps, FileInputRender } from './input-field.tsx';
import { LayoutField } from './layout-field.tsx';

/**
 * Every text the renderer shows of its own. It has no defaults and no i18n of its own: the
 * capture page passes its tiny catalogue, the dashboard's builder preview its i18next strings.
 */
export interface FormRendererMessages {
  /** Screen-reader word after the legend of a required group (inputs announce `required` themselves): "required". */
  required: string;
  /** The empty first choice of a select: "Choose…". */
  choose: string;
  /** Accessible name of one star: (3, 5) → "3 of 5 stars". */
  ratingStar: (value: number, max: number) => string;
  /** Button that clears an optional rating: "Clear rating". */
  clearRating: string;
  /** Title of a video card without a label: "Watch the video". */
  watchVideo: string;
  /** Screen-reader hint on links that open a new tab: "(opens in a new tab)". */
  opensInNewTab: string;
}

export interface FormRendererProps {
  fields: readonly FormField[];
  values: Readonly<Record<string, SubmissionValue | undefined>>;
  /** Keyed by field id, already translated. */
  errors: Readonly<Record<string, readonly string[]>>;
  onChange: (fieldId: string, value: SubmissionValue | undefined) => void;
  onBlur?: (fieldId: string) => void;
  messages: FormRendererMessages;
  /** Prefix of the DOM ids (fieldDomId); two renderers on one page need different ones. */
  idPrefix?: string;
  disabled?: boolean;
  /** `autocomplete` tokens by field id (the capture page's standard fields: given-name, email, …). */
  autoComplete?: Readonly<Record<string, string>>;
  /** Draws a file field's picker where uploads work (the capture page); else a disabled one. */
  fileInput?: FileInputRender;
}

/**
 * The DOM id of a field's (first) control: the one to focus when the field has an error. A
 * group's first option carries it.
 */
export function fieldDomId(idPrefix: string, fieldId: string): string {
  return `${idPrefix}${fieldId}`;
}

/**
 * Heading levels as the document gets them. The page has its own h1, so the builder's H1–H3
 * become h2–h4; and a level never jumps more than one below the heading before it (an H3 right
 * after the page title is an h2 to assistive technology), because skipped levels break the
 * outline screen-reader users navigate by. The look still follows the level the author chose.
 */
function documentHeadingLevels(fields: readonly FormField[]): Map<string, number> {
  const levels = new Map<string, number>();
  let previous = 1;
  for (const field of fields) {
    if (field.type !== 'heading') continue;
    const level = Math.min(field.heading_level + 1, previous + 1);
    levels.set(field.id, level);
    previous = level;
  }
  return levels;
}

/**
 * A form exactly as the visitor sees it: every field type of the contract, laid out in a
 * responsive grid by width, labelled and described for assistive technology. Controlled: the
 * caller keeps the values and errors. Works under React 19 (the builder's preview) and under
 * preact/compat (the capture page), so it uses standard hooks only.
 */
export function FormRenderer({
  fields,
  values,
  errors,
  onChange,
  onBlur,
  messages,
  idPrefix,
  disabled = false,
  autoComplete,
  fileInput,
}: FormRendererProps) {
  const generated = useId();
  const prefix = idPrefix ?? `${generated}-`;
  const headingLevels = useMemo(() => documentHeadingLevels(fields), [fields]);
  return (
    <div className={rootClass}>
      <div className={gridClass}>
        {fields.map((field) => (
          <div key={field.id} className={widthClass(field.width)} data-field-id={field.id}>
            {isInputField(field) ? (
              <InputField
                field={field}
                id={fieldDomId(prefix, field.id)}
                value={values[field.id]}
                errors={errors[field.id] ?? []}
                onChange={onChange}
                onBlur={onBlur}
                messages={messages}
                disabled={disabled}
                autoComplete={autoComplete?.[field.id]}
                fileInput={fileInput}
              />
            ) : (
              <LayoutField field={field} headingLevel={headingLevels.get(field.id) ?? 2} messages={messages} />
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
