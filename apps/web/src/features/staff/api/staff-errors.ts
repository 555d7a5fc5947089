import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * The console's text for a failed staff call, in the reader's language: by the envelope's
 * details.reason where the server gives one (a replayed code, a staff account), else by its
 * error code. The server's English message is never shown.
 */
export function staffErrorText(t: TFunction<'staff'>, error: unknown): string {
  if (!isApiError(error)) return t('errors.codes.UNKNOWN');
  const details = error.details as { reason?: unknown } | null | undefined;
  const reason = typeof details?.reason === 'string' ? details.reason : undefined;
  const fallback = t('errors.codes.UNKNOWN');
  const byCode = t(`errors.codes.${error.code}` as 'errors.codes.UNKNOWN', { defaultValue: fallback });
  if (reason === undefined) return byCode;
  return t(`errors.reasons.${reason}` as 'errors.reasons.bad_code', { defaultValue: byCode });
}
