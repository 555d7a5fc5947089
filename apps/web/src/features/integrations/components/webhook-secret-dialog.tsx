import type { WebhookWithSecret } from '@leadcapture/contracts/webhooks';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';

/**
 * The signing secret, shown this once (after create or rotate): the server never shows it again.
 * Copy puts it on the clipboard; "Copy failed" (spec 01 §7) when the browser refuses.
 */
export function WebhookSecretDialog({ webhook, onClose }: { webhook: WebhookWithSecret; onClose: () => void }) {
  const { t } = useTranslation(['webhooks', 'errors']);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      setCopied(true);
      toast.success(t('secret.copied'));
    } catch {
      toast.error(t('errors:generic.copyFailed'));
    }
  };
  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('secret.title', { name: webhook.name })}
      description={t('secret.description')}
      footer={<Button onClick={onClose}>{t('secret.done')}</Button>}
    >
      <div className="grid gap-3">
        <code
          aria-label={t('secret.label')}
          className="block rounded-lg border border-border bg-muted px-3 py-2 font-mono text-sm break-all text-foreground"
        >
          {webhook.secret}
        </code>
        <div>
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t('secret.copy')}
          </Button>
        </div>
        {webhook.previous_secret_expires_at !== null && (
          <p className="text-sm text-muted-foreground">{t('secret.overlap')}</p>
        )}
      </div>
    </Modal>
  );
}
