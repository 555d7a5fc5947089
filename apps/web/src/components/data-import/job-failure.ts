import { useTranslation } from 'react-i18next';
import { DATA_JOB_FAILURES } from '@leadcapture/contracts/data-imports';

type FailureKey = keyof typeof DATA_JOB_FAILURES;
const BY_TEXT = new Map(Object.entries(DATA_JOB_FAILURES).map(([key, text]) => [text, key as FailureKey]));
const UNREADABLE = /^The file cannot be read(?: at line (\d+))?: (.*)\. Nothing was imported\.$/s;

/**
 * A data-centre job's `failure` in the reader's language: the server's fixed reasons
 * (DATA_JOB_FAILURES) and an unreadable file's are translated; anything else is shown as sent.
 */
export function useJobFailureText(): (failure: string) => string {
  const { t } = useTranslation('data-imports');
  return (failure) => {
    const key = BY_TEXT.get(failure as (typeof DATA_JOB_FAILURES)[FailureKey]);
    if (key) return t(`failures.${key}`);
    const unreadable = UNREADABLE.exec(failure);
    if (!unreadable) return failure;
    const [, line, why] = unreadable;
    return line ? t('failures.unreadableAt', { line, why }) : t('failures.unreadable', { why });
  };
}
