import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { buttonVariants } from './button.tsx';

type FilePickerProps = Omit<ComponentProps<'input'>, 'type' | 'className' | 'id'> & {
  id: string;
  /** The chosen file's name; none shows "No file chosen". */
  fileName: string | null;
};

/**
 * A file input in the page's language: the native control is hidden (its button and "no file"
 * text follow the browser's language, not ours) and a label drawn as a secondary button opens
 * it. The input keeps the focus and its own label's name; the drawn button shows the ring.
 */
export function FilePicker({ id, fileName, disabled, ...props }: FilePickerProps) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <input id={id} type="file" disabled={disabled} className="peer sr-only" {...props} />
      <label
        htmlFor={id}
        aria-hidden="true"
        className={cn(
          buttonVariants({ variant: 'secondary' }),
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        )}
      >
        {t('filePicker.choose')}
      </label>
      <span aria-hidden="true" className="min-w-0 truncate text-sm text-muted-foreground">
        {fileName ?? t('filePicker.none')}
      </span>
    </div>
  );
}
