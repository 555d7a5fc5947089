import type { DataImport } from '@leadcapture/contracts/data-imports';
import type { ImportError } from '@leadcapture/contracts/lead-imports';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../ui/form-field.tsx';
import { useFieldLabel } from './import-fields.ts';

/** Errors listed; the caption counts them all. */
const ERRORS_SHOWN = 50;

/** The rows an import (or its dry run) could not take: line, field and why, in the page's language. */
export function ImportRowErrors({ record }: { record: DataImport }) {
  const { t } = useTranslation('data-imports');
  const fieldLabel = useFieldLabel(record.resource);
  if (record.errors.length === 0) return null;
  return (
    <div className="max-h-72 overflow-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-medium">{t('errors.title', { count: record.error_count })}</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-3">
              {t('errors.row')}
            </th>
            <th scope="col" className="pr-3">
              {t('errors.field')}
            </th>
            <th scope="col">{t('errors.message')}</th>
          </tr>
        </thead>
        <tbody>
          {record.errors.slice(0, ERRORS_SHOWN).map((e, i) => (
            <tr key={`${e.row}-${e.field}-${i}`}>
              <td className="pr-3 tabular-nums">{e.row}</td>
              <td className="pr-3">{e.field === 'row' ? t('errors.wholeRow') : fieldLabel(e.field)}</td>
              <td>
                <RowMessage error={e} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A row's error in the page's language, from its code and params; a record from before the
 * codes (code `invalid`) shows its message, translated when the contract's wording is known.
 */
function RowMessage({ error }: { error: ImportError }) {
  const { t } = useTranslation('data-imports');
  const legacy = useValidationMessage(error.message);
  if (error.code === 'invalid') return <>{legacy}</>;
  return <>{t(`rowErrors.${error.code}`, error.params)}</>;
}
