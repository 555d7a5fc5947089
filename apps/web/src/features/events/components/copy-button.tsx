import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';

/** How long the button shows its tick after a copy. */
const COPIED_MS = 2_000;

/**
 * Copies `value` to the clipboard: a "Copied" toast and a tick on success, the catalogue's
 * "Copy failed" when the browser refuses (no clipboard outside HTTPS, permission denied).
 * `label` names what is copied for screen readers ("Copy public URL"); the visible text is
 * `children`, or "Copy".
 */
export function CopyButton({
  value,
  label,
  children,
  variant = 'outline',
  size = 'sm',
  ...props
}: Omit<ButtonProps, 'onClick' | 'asChild' | 'value'> & { value: string; label: string }) {
  const { t } = useTranslation(['events', 'errors']);
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
      toast.success(t('detail.copy.copied'));
    } catch {
      toast.error(t('errors:generic.copyFailed'));
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button variant={variant} size={size} aria-label={label} onClick={() => void copy()} {...props}>
      <Icon aria-hidden="true" />
      {children ?? t('detail.copy.button')}
    </Button>
  );
}
