import {
  createFormField,
  defaultAnswer,
  isInputField,
  publicFormLayout,
  validateAnswer,
  type FormField,
  type SubmissionValue,
} from '@leadcapture/contracts/form-fields';
import { RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from '../form-renderer/form-renderer.tsx';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { useValidationText } from './builder-text.ts';
import { useFormRendererMessages } from './use-form-renderer-messages.ts';

type Values = Record<string, SubmissionValue | undefined>;

function initialValues(fields: readonly FormField[]): Values {
  return Object.fromEntries(fields.filter(isInputField).map((field) => [field.id, defaultAnswer(field)]));
}

/**
 * The form as visitors will see it, through the same FormRenderer as the capture page, with
 * working inputs: answers stay here (nothing is sent) and are checked on blur by the same
 * validateAnswer the server runs.
 */
export function FormPreview({ fields, hasProblems }: { fields: readonly FormField[]; hasProblems: boolean }) {
  const { t } = useTranslation('builder');
  const messages = useFormRendererMessages();
  const translate = useValidationText();
  const [values, setValues] = useState<Values>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [contact, setContact] = useState<Values>({});
  // The public pages' layout (form-fields.ts), so the preview is the page: the designer's opening
  // layout fields, the contact details every page asks, then the rest.
  const layout = useMemo(() => publicFormLayout(fields), [fields]);
  const standard = useMemo(
    () =>
      layout.standard.map((field) =>
        createFormField(field.type, field.name, {
          label: t(`preview.standard.${field.name}`),
          required: field.required,
          max_length: field.max_length,
          width: 'half',
        }),
      ),
    [layout.standard, t],
  );

  const check = (fieldId: string, value: SubmissionValue | undefined) => {
    const field = fields.find((f) => f.id === fieldId);
    if (field === undefined) return;
    const result = validateAnswer(field, value);
    setErrors((current) => {
      const { [fieldId]: _, ...rest } = current;
      return result.errors.length === 0 ? rest : { ...rest, [fieldId]: result.errors.map(translate) };
    });
  };

  if (fields.length === 0) {
    return <EmptyState title={t('preview.empty')} headingLevel={3} />;
  }
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">{t('preview.hint')}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setValues(initialValues(fields));
            setContact({});
            setErrors({});
          }}
        >
          <RotateCcw aria-hidden="true" />
          {t('preview.reset')}
        </Button>
      </div>
      {hasProblems && (
        <p className="rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground">
          {t('preview.hasProblems')}
        </p>
      )}
      <div className="mx-auto grid w-full max-w-2xl gap-8 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
        {layout.intro.length > 0 && (
          <FormRenderer
            fields={layout.intro}
            values={{}}
            errors={{}}
            messages={messages}
            idPrefix="preview-"
            onChange={() => undefined}
          />
        )}
        <section aria-labelledby="preview-standard-title" className="grid gap-5">
          <div className="grid gap-1">
            <h3 id="preview-standard-title" className="text-lg font-semibold text-foreground">
              {t('preview.standard.title')}
            </h3>
            <p className="text-sm text-muted-foreground">{t('preview.standard.note')}</p>
          </div>
          <FormRenderer
            fields={standard}
            values={contact}
            errors={{}}
            messages={messages}
            idPrefix="preview-lead-"
            onChange={(name, value) => setContact((current) => ({ ...current, [name]: value }))}
          />
        </section>
        <FormRenderer
          fields={layout.rest}
          values={values}
          errors={errors}
          messages={messages}
          idPrefix="preview-"
          onChange={(fieldId, value) => {
            setValues((current) => ({ ...current, [fieldId]: value }));
            // Once a field shows a problem, it is checked again on every change, so the
            // message goes away as soon as the answer is right.
            if (errors[fieldId] !== undefined) check(fieldId, value);
          }}
          onBlur={(fieldId) => check(fieldId, values[fieldId])}
        />
      </div>
    </div>
  );
}
