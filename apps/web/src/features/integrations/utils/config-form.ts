import {
  INTEGRATION_CATALOGUE,
  INTEGRATION_CONFIG_SCHEMAS,
  type Integration,
  type IntegrationKind,
} from '@leadcapture/contracts/integrations';

export type ConfigValues = Record<string, string>;

/** The form's first values: on connect, empty (chat kinds post every new lead); on configure, what is saved, secrets empty. */
export function initialValues(kind: IntegrationKind, integration: Integration | null): ConfigValues {
  const info = INTEGRATION_CATALOGUE[kind];
  const values: ConfigValues = {};
  for (const field of info.fields) {
    if (info.secretFields.includes(field)) values[field] = '';
    else values[field] = integration?.config[field] ?? (field === 'notify' ? 'all' : '');
  }
  return values;
}

export type CheckedConfig = { config: ConfigValues } | { errors: Record<string, string> };

/**
 * Checks the form with the kind's contract schema before anything is sent. On configure a secret
 * left empty keeps its saved value: it is left out of the request and out of the check.
 */
export function checkConfig(kind: IntegrationKind, values: ConfigValues, configuring: boolean): CheckedConfig {
  const info = INTEGRATION_CATALOGUE[kind];
  const kept = configuring ? info.secretFields.filter((f) => (values[f] ?? '') === '') : [];
  const config: ConfigValues = Object.fromEntries(Object.entries(values).filter(([field]) => !kept.includes(field)));
  const schema = INTEGRATION_CONFIG_SCHEMAS[kind];
  const probe = kept.length === 0 ? config : { ...config, ...Object.fromEntries(kept.map((f) => [f, 'kept'])) };
  const result = schema.safeParse(probe);
  if (result.success) return { config };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field !== '' && errors[field] === undefined && !kept.includes(field)) errors[field] = issue.message;
  }
  return Object.keys(errors).length > 0 ? { errors } : { config };
}
