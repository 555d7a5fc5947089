import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

type SpinnerProps = {
  className?: string;
  /** Announced to screen readers; omit when the spinner sits inside something that already says "loading". */
  label?: string;
  decorative?: boolean;
};

export function Spinner({ className, label, decorative = false }: SpinnerProps) {
  const { t } = useTranslation();
  if (decorative)
    return <LoaderCircle aria-hidden="true" className={cn('size-4 motion-safe:animate-spin', className)} />;
  return (
    <span role="status" className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-5 motion-safe:animate-spin', className)} />
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </span>
  );
}
