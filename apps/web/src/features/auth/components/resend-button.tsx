import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** "Send again", disabled with the seconds left while the cooldown runs. */
export function ResendButton({
  remaining,
  loading,
  onClick,
}: {
  remaining: number;
  loading: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      loading={loading}
      disabled={remaining > 0}
      onClick={onClick}
    >
      {remaining > 0 ? t('common.resendIn', { seconds: remaining }) : t('common.resend')}
    </Button>
  );
}
