import type { Event } from '@leadcapture/contracts/events';
import type { FormField as FormFieldDefinition } from '@leadcapture/contracts/form-fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormBuilder } from '../../../components/form-builder/form-builder.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { useUpdateEvent } from '../../events/api/events.ts';

/**
 * Step 3 of the wizard: the event's capture form in the real builder, opened with the fields its
 * template gave it; saving writes them to the event (PATCH /events/{id}/) and moves on.
 */
export function SetupFormsStep({ event, onSaved }: { event: Event; onSaved: () => void }) {
  const { t } = useTranslation('dashboard');
  const update = useUpdateEvent(event.id);
  const [fields, setFields] = useState<FormFieldDefinition[]>(() => [...event.form_fields]);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    setFailure(null);
    try {
      await update.mutateAsync({ form_fields: fields });
      setServerErrors(null);
      onSaved();
    } catch (error) {
      if (isHandledGlobally(error)) return;
      const details = validationDetails(error);
      setServerErrors(details);
      setFailure(details === null ? t('onboarding.forms.saveFailed') : t('onboarding.forms.fix'));
    }
  };

  return (
    <div className="grid w-full gap-4 text-left">
      <p className="text-sm text-muted-foreground">{t('onboarding.forms.for', { name: event.name })}</p>
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      <FormBuilder value={fields} onChange={setFields} errors={serverErrors ?? undefined} errorPrefix="form_fields" />
      <div className="flex justify-end">
        <Button onClick={() => void save()} loading={update.isPending}>
          {t('onboarding.forms.save')}
        </Button>
      </div>
    </div>
  );
}
