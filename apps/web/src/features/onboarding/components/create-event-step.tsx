import type { Event } from '@leadcapture/contracts/events';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { languageOf } from '../../../i18n/language.ts';
import { isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { useCreateEvent, useEventTemplates } from '../../events/api/events.ts';

/** A datetime-local value (the visitor's clock) as ISO 8601 UTC, or undefined when empty. */
function toIso(local: string): string | undefined {
  if (local === '') return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const FIELDS = ['name', 'start_date', 'end_date', 'location', 'template_id'] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Step 2 of the wizard: a short form that creates a real event (POST /events/), blank or from a
 * built-in template (whose form fields the next step opens in the builder). `onCreated` moves on.
 */
export function CreateEventStep({ onCreated }: { onCreated: (event: Event) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = languageOf(i18n.language);
  const templates = useEventTemplates(language);
  const create = useCreateEvent();
  const [values, setValues] = useState({
    name: '',
    start_date: '',
    end_date: '',
    location: '',
    template_id: 'trade_show',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (values.name.trim() === '') {
      setErrors({ name: t('onboarding.event.nameRequired') });
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        start_date: toIso(values.start_date),
        end_date: toIso(values.end_date),
        location: values.location.trim(),
        ...(values.template_id === '' ? {} : { template_id: values.template_id, template_language: language }),
        status: 'active',
      });
      onCreated(created);
    } catch (error) {
      if (isHandledGlobally(error)) return;
      const details = validationDetails(error);
      if (details === null) {
        setFailure(t('onboarding.event.createFailed'));
        return;
      }
      const next: Partial<Record<FieldName, string>> = {};
      for (const [field, messages] of Object.entries(details)) {
        const known = FIELDS.find((name) => name === field);
        const message = messages.join(' ');
        if (known === undefined) setFailure(message);
        else next[known] = message;
      }
      setErrors(next);
    }
  };

  const templateOptions = [
    { value: '', label: t('onboarding.event.blank') },
    ...(templates.data ?? [])
      .filter((template) => template.builtin)
      .map((template) => ({
        value: template.id,
        label: template.name,
      })),
  ];

  return (
    <form className="grid w-full max-w-md gap-4 text-left" onSubmit={(event) => void submit(event)} noValidate>
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      <Field label={t('onboarding.event.name')} error={errors.name} required>
        <Input value={values.name} onChange={set('name')} maxLength={200} autoComplete="off" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('onboarding.event.startDate')} error={errors.start_date}>
          <Input type="datetime-local" value={values.start_date} onChange={set('start_date')} />
        </Field>
        <Field label={t('onboarding.event.endDate')} error={errors.end_date}>
          <Input type="datetime-local" value={values.end_date} onChange={set('end_date')} />
        </Field>
      </div>
      <Field label={t('onboarding.event.location')} error={errors.location}>
        <Input value={values.location} onChange={set('location')} maxLength={300} />
      </Field>
      <Field
        label={t('onboarding.event.template')}
        help={t('onboarding.event.templateHelp')}
        error={errors.template_id}
      >
        <Select value={values.template_id} onChange={set('template_id')} options={templateOptions} />
      </Field>
      <Button type="submit" loading={create.isPending}>
        {t('onboarding.event.create')}
      </Button>
    </form>
  );
}
