import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useOpenPortal } from '../api/checkout.ts';
import { useGoTo } from '../utils/go-to.ts';
import { useServerReason } from '../utils/server-reason.ts';

/**
 * Opens the billing portal (owner): `POST portal/`, then the answer's address, the product's own
 * portal page (local) or Stripe's. The portal returns to the billing page.
 */
export function PortalButton({
  label,
  variant = 'outline',
  size,
}: { label: string } & Pick<ButtonProps, 'variant' | 'size'>) {
  const { t } = useTranslation('billing');
  const { lp } = useLocalizedPath();
  const open = useOpenPortal();
  const goTo = useGoTo();
  const reason = useServerReason();
  return (
    <Button
      variant={variant}
      size={size}
      loading={open.isPending}
      onClick={() =>
        open.mutate(lp('/settings/billing'), {
          onSuccess: goTo,
          onError: (error) => {
            if (!isHandledGlobally(error)) toast.error(t('portal.openFailed'), { message: reason(error) });
          },
        })
      }
    >
      <ExternalLink aria-hidden="true" />
      {label}
    </Button>
  );
}
