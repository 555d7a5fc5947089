import { BILLING_MESSAGES } from '@leadcapture/contracts/billing';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';

const messageKeys: Record<string, keyof typeof BILLING_MESSAGES> = Object.fromEntries(
  Object.entries(BILLING_MESSAGES).map(([key, text]) => [text, key as keyof typeof BILLING_MESSAGES]),
);

/** Answers whose message is the server's reason, worth showing as it is (a refusal, not a crash). */
const TOLD: ReadonlySet<number> = new Set([400, 404, 409, 410, 422]);

/**
 * The server's reason for a refusal (400, 404, 409, 410, 422), in the page's language when it is
 * one of `BILLING_MESSAGES`; `undefined` for anything else (5xx, network), which has its own toast.
 */
export function useServerReason(): (error: unknown) => string | undefined {
  const { t } = useTranslation('billing');
  return (error) => {
    if (!isApiError(error) || !TOLD.has(error.status) || error.message === '') return undefined;
    const key = messageKeys[error.message];
    return key === undefined ? error.message : t(`serverMessage.${key}`);
  };
}
