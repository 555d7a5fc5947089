import type { ImportError, ImportRowErrorCode } from '@leadcapture/contracts/lead-imports';
import type { z } from 'zod';

/**
 * A refused row's reason as a code and its params (the web translates them; issue 26), and the
 * same reason written in English or Swedish for the results CSV, which is written in the
 * importing user's language (users.language, as mails are).
 */
export type RowErrorLanguage = 'en' | 'sv';
type Params = ImportError['params'];

/** The code and params of one zod issue of a row's check. */
export function rowErrorOf(issue: z.core.$ZodIssue): { code: ImportRowErrorCode; params: Params } {
  switch (issue.code) {
    case 'too_big':
      return {
        code: issue.origin === 'number' || issue.origin === 'bigint' ? 'too_large' : 'too_long',
        params: { max: Number(issue.maximum) },
      };
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return { code: 'too_small', params: { min: Number(issue.minimum) } };
      return Number(issue.minimum) <= 1
        ? { code: 'required', params: {} }
        : { code: 'too_short', params: { min: Number(issue.minimum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'invalid_email', params: {} };
      if (issue.format === 'url') return { code: 'invalid_url', params: {} };
      if (issue.format === 'date' || issue.format === 'datetime') return { code: 'invalid_date', params: {} };
      return { code: 'invalid', params: {} };
    case 'invalid_value':
      return { code: 'invalid_choice', params: { values: issue.values.map(String).join(', ') } };
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '')
        return { code: 'required', params: {} };
      return issue.expected === 'number' ? { code: 'invalid_number', params: {} } : { code: 'invalid', params: {} };
    case 'invalid_union': {
      // Optional fields are "empty or a valid value": the reason is the non-empty branch's.
      const inner = issue.errors
        .flat()
        .find((i) => !(i.code === 'invalid_value' && i.values.length === 1 && i.values[0] === ''));
      return inner ? rowErrorOf(inner) : { code: 'invalid', params: {} };
    }
    case 'custom':
      return issue.path[0] === 'email' || issue.path.length === 0
        ? { code: 'identity_missing', params: {} }
        : { code: 'invalid', params: {} };
    default:
      return { code: 'invalid', params: {} };
  }
}

const SENTENCES: Record<RowErrorLanguage, Record<ImportRowErrorCode, string>> = {
  en: {
    required: 'Required',
    too_long: 'At most {max} characters',
    too_short: 'At least {min} characters',
    too_large: 'At most {max}',
    too_small: 'At least {min}',
    invalid_email: 'Not a valid email address',
    invalid_url: 'Not a valid web address',
    invalid_date: 'Not a valid date (YYYY-MM-DD)',
    invalid_choice: 'Choose one of {values}',
    invalid_number: 'Not a number',
    identity_missing: 'Give an email or a name',
    lead_limit: "Your plan's monthly lead limit is reached: this row was not imported.",
    invalid: 'Not a valid value',
  },
  sv: {
    required: 'Obligatoriskt',
    too_long: 'Högst {max} tecken',
    too_short: 'Minst {min} tecken',
    too_large: 'Högst {max}',
    too_small: 'Minst {min}',
    invalid_email: 'Ingen giltig e-postadress',
    invalid_url: 'Ingen giltig webbadress',
    invalid_date: 'Inget giltigt datum (ÅÅÅÅ-MM-DD)',
    invalid_choice: 'Välj ett av {values}',
    invalid_number: 'Inget tal',
    identity_missing: 'Ange en e-postadress eller ett namn',
    lead_limit: 'Planens månadsgräns för leads är nådd: raden importerades inte.',
    invalid: 'Inget giltigt värde',
  },
};

/** A row error's sentence in a language, its params filled in. */
export function rowErrorText(error: Pick<ImportError, 'code' | 'params'>, language: RowErrorLanguage): string {
  return SENTENCES[language][error.code].replace(/\{(\w+)\}/g, (_, key: string) => String(error.params[key] ?? ''));
}

/** The field's name in the results CSV: the whole row has none. */
const WHOLE_ROW: Record<RowErrorLanguage, string> = { en: 'row', sv: 'raden' };
export function rowErrorLine(
  error: Pick<ImportError, 'field' | 'code' | 'params'>,
  language: RowErrorLanguage,
): string {
  const field = error.field === 'row' ? WHOLE_ROW[language] : error.field;
  return `${field}: ${rowErrorText(error, language)}`;
}
