import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';

const COPIED_MS = 2_000;

/**
 * Copies `value`: a tick and a "Copied" toast, or the catalogue's "API key copy failed" toast
 * when the browser refuses (no clipboard outside HTTPS, permission denied; spec 01 §7).
 */
export function CopyTextButton({ value, label, failure }: { value: string; label: string; failure: string }) {
  const { t } = useTranslation('apiKeys');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      // Outside secure contexts `navigator.clipboard` is undefined: the TypeError lands below too.
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t('copy.copied'));
    } catch {
      toast.error(failure);
    }
  };
  const Icon = copied ? Check : Copy;
  return (
    <Button variant="outline" size="sm" aria-label={label} onClick={() => void copy()}>
      <Icon aria-hidden="true" />
      {copied ? t('copy.done') : t('copy.button')}
    </Button>
  );
}
