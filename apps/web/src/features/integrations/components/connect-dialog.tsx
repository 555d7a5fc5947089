import { INTEGRATION_CATALOGUE, type Integration, type IntegrationKind } from '@leadcapture/contracts/integrations';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useValidationMessage } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError, isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import type { useIntegrationChanges } from '../api/integrations.ts';
import { checkConfig, initialValues, type ConfigValues } from '../utils/config-form.ts';

/**
 * Connect (no `integration` yet, or disconnected) or configure a kind: its config fields in the
 * contract's order, secrets as password inputs that are never filled back (configure shows the
 * masked value and keeps it when left empty). Checked with the kind's contract schema first, then
 * by the server, which also checks the details with the provider; a 422 lands on its field.
 * Salesforce's connect answers where to authorise: the browser goes there.
 */
export function ConnectDialog({
  kind,
  name,
  integration,
  changes,
  onClose,
}: {
  kind: IntegrationKind;
  name: string;
  /** The saved integration when configuring; null when connecting. */
  integration: Integration | null;
  changes: ReturnType<typeof useIntegrationChanges>;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const info = INTEGRATION_CATALOGUE[kind];
  const configuring = integration !== null && integration.id !== null && integration.status !== 'inactive';
  const [values, setValues] = useState<ConfigValues>(() => initialValues(kind, configuring ? integration : null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = configuring ? changes.configure : changes.connect;
  const formId = `integration-${kind}-form`;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkConfig(kind, values, configuring);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const onError = (error: unknown) => {
      const details = validationDetails(error);
      if (details !== null) {
        const onFields: Record<string, string> = {};
        const rest: string[] = [];
        for (const [key, messages] of Object.entries(details)) {
          const field = key.replace(/^config\./, '');
          if (info.fields.includes(field)) onFields[field] = messages.join(' ');
          else rest.push(messages.join(' '));
        }
        setErrors(onFields);
        if (rest.length > 0) setFormError(rest.join(' '));
        return;
      }
      if (isHandledGlobally(error)) return;
      const reason = isApiError(error) && error.status < 500 && error.message !== '' ? error.message : undefined;
      toast.error(t(configuring ? 'dialog.saveFailed' : 'dialog.failed', { name }), { message: reason });
    };
    if (configuring) {
      changes.configure.mutate(
        { id: integration.id ?? '', config: checked.config },
        {
          onSuccess: (saved) => {
            toast.success(t('toast.saved', { name }));
            if (saved.authorization_url !== null) window.location.assign(saved.authorization_url);
            else onClose();
          },
          onError,
        },
      );
    } else {
      changes.connect.mutate(
        { kind, config: checked.config },
        {
          onSuccess: (saved) => {
            if (saved.authorization_url !== null) {
              window.location.assign(saved.authorization_url);
              return;
            }
            toast.success(t('toast.connected', { name }));
            onClose();
          },
          onError,
        },
      );
    }
  };

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t(configuring ? 'dialog.configureTitle' : 'dialog.connectTitle', { name })}
      description={configuring ? t('dialog.configureDescription') : t('dialog.connectDescription', { name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={mutation.isPending}>
            {configuring ? t('dialog.save') : t('dialog.connect')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-4" aria-label={name} onSubmit={submit}>
        {formError !== null && <FormAlert>{formError}</FormAlert>}
        {info.fields.map((field) => {
          const secret = info.secretFields.includes(field);
          const masked = configuring ? integration.config[field] : undefined;
          return (
            <ConfigField
              key={field}
              field={field}
              secret={secret}
              masked={masked}
              value={values[field] ?? ''}
              error={errors[field]}
              onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
            />
          );
        })}
        {kind === 'salesforce' && !configuring && (
          <p className="text-sm text-muted-foreground">{t('dialog.salesforceNote')}</p>
        )}
      </form>
    </Modal>
  );
}

const FIELD_KEYS = [
  'access_token',
  'api_key',
  'audience_id',
  'client_id',
  'client_secret',
  'external_id_field',
  'webhook_url',
  'notify',
] as const;
type FieldKey = (typeof FIELD_KEYS)[number];
const isFieldKey = (field: string): field is FieldKey => (FIELD_KEYS as readonly string[]).includes(field);

function ConfigField({
  field,
  secret,
  masked,
  value,
  error,
  onChange,
}: {
  field: string;
  secret: boolean;
  masked: string | undefined;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('integrations');
  const message = useValidationMessage(error);
  if (!isFieldKey(field)) return null;
  const keeping = secret && masked !== undefined && masked !== '';
  const help = keeping ? t('dialog.keepSecret', { masked }) : t(`fields.${field}.help`);
  return (
    <Field label={t(`fields.${field}.label`)} help={help} error={message} required={!keeping}>
      {field === 'notify' ? (
        <Select
          value={value}
          onChange={(event) => onChange(event.target.value)}
          options={[
            { value: 'all', label: t('notify.all') },
            { value: 'hot', label: t('notify.hot') },
          ]}
        />
      ) : (
        <Input
          type={secret ? 'password' : field === 'webhook_url' ? 'url' : 'text'}
          autoComplete="off"
          spellCheck={false}
          maxLength={2000}
          value={value}
          placeholder={keeping ? masked : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
