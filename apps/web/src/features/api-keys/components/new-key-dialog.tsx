import type { ApiKeyWithSecret } from '@leadcapture/contracts/api-keys';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { CopyTextButton } from './copy-text-button.tsx';

/**
 * The full key, shown this once after create or regenerate: the server keeps only its hash, so
 * closing this is the last chance to copy it.
 */
export function NewKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyWithSecret; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <Modal
      open
      size="lg"
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('secret.title', { name: apiKey.name })}
      description={t('secret.description')}
      footer={<Button onClick={onClose}>{t('secret.done')}</Button>}
    >
      <div className="grid gap-4">
        <p
          role="alert"
          className="flex gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('secret.once')}
        </p>
        <div className="grid gap-2">
          <label htmlFor="new-api-key" className="text-sm font-medium text-foreground">
            {t('secret.label')}
          </label>
          {/* A text area, so the whole key shows on any screen (an input would cut it off). */}
          <textarea
            id="new-api-key"
            readOnly
            rows={2}
            value={apiKey.key}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-none rounded-md border border-input bg-muted px-3 py-2 font-mono text-sm break-all text-foreground"
          />
          <div>
            <CopyTextButton value={apiKey.key} label={t('secret.copyLabel')} failure={t('errors.copyFailed')} />
          </div>
        </div>
      </div>
    </Modal>
  );
}
