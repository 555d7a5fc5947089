import { isMultiChoice, type FormField, type FormFieldType } from '@leadcapture/contracts/form-fields';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recogniseValidationMessage } from '../../lib/validation-messages.ts';
import { fieldDisplayName, type NewFieldTexts } from './field-types.ts';

/**
 * Translates the contract's English messages (definition errors, answer errors, 422 details)
 * through the `errors:validation` catalogue, as FormField does for ordinary forms. Unknown texts
 * pass through unchanged.
 */
export function useValidationText(): (message: string) => string {
  const { t } = useTranslation('errors');
  return useCallback(
    (message: string) => {
      const known = recogniseValidationMessage(message);
      return known === null ? message : t(`validation.${known.key}`, known.values ?? {});
    },
    [t],
  );
}

/** The name of a field's type; a checkbox with choices is named as the group it is. */
export function useTypeName(): (field: Pick<FormField, 'type' | 'options'>) => string {
  const { t } = useTranslation('builder');
  return useCallback(
    (field: Pick<FormField, 'type' | 'options'>) =>
      isMultiChoice(field) ? t('types.checkboxGroup') : t(`types.${field.type}`),
    [t],
  );
}

/** How people are told about a field (cards, dialogs, announcements): its label, text or type. */
export function useFieldName(): (field: FormField) => string {
  const typeName = useTypeName();
  return useCallback((field: FormField) => fieldDisplayName(field, typeName(field)), [typeName]);
}

const DEFAULT_LABEL_TYPES = [
  'text',
  'email',
  'phone',
  'textarea',
  'select',
  'checkbox',
  'radio',
  'date',
  'time',
  'file',
  'number',
  'rating',
  'heading',
  'features_list',
  'button',
  'info_section',
] as const;
type DefaultLabelType = (typeof DEFAULT_LABEL_TYPES)[number];
const DEFAULT_CONTENT_TYPES = ['paragraph', 'banner', 'info_section'] as const;
type DefaultContentType = (typeof DEFAULT_CONTENT_TYPES)[number];

function hasDefaultLabel(type: FormFieldType): type is DefaultLabelType {
  return (DEFAULT_LABEL_TYPES as readonly FormFieldType[]).includes(type);
}

function hasDefaultContent(type: FormFieldType): type is DefaultContentType {
  return (DEFAULT_CONTENT_TYPES as readonly FormFieldType[]).includes(type);
}

/** The texts new fields start with, in the user's language. */
export function useNewFieldTexts(): NewFieldTexts {
  const { t } = useTranslation('builder');
  return useMemo(
    () => ({
      label: (type) => (hasDefaultLabel(type) ? t(`defaults.label.${type}`) : ''),
      content: (type) => (hasDefaultContent(type) ? t(`defaults.content.${type}`) : ''),
      option: (number) => t('defaults.option', { number }),
      checkboxText: t('defaults.checkboxText'),
      featureItems: [
        t('defaults.featureItems.first'),
        t('defaults.featureItems.second'),
        t('defaults.featureItems.third'),
      ],
    }),
    [t],
  );
}
