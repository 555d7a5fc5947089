import { cva } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

/**
 * The generic modal of spec 02 §2: sizes sm … 2xl and full, closable (× button, Escape, a click
 * outside), ~300 ms close animation. Radix traps focus, restores it on close, hides the rest of
 * the page from screen readers and labels the dialog by its title.
 *
 *   <Modal open={open} onOpenChange={setOpen} title={t('…')} description={t('…')} size="lg"
 *     footer={<><Button variant="secondary" onClick={() => setOpen(false)}>{t('common:actions.cancel')}</Button>
 *               <Button onClick={save}>{t('common:actions.save')}</Button></>}>
 *     …body…
 *   </Modal>
 */

export const MODAL_SIZES = ['sm', 'md', 'lg', 'xl', '2xl', 'full'] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];

/** The close animation (styles.css `dialog-out`); Radix keeps the dialog mounted until it ends. */
export const MODAL_CLOSE_ANIMATION_MS = 300;

const contentVariants = cva(
  'fixed z-50 flex flex-col bg-card text-card-foreground shadow-2xl ring-1 ring-border focus:outline-none data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in',
  {
    variants: {
      size: {
        sm: 'max-w-sm',
        md: 'max-w-md',
        lg: 'max-w-lg',
        xl: 'max-w-xl',
        '2xl': 'max-w-2xl',
        full: 'inset-0 max-w-none rounded-none',
      },
    },
    compoundVariants: MODAL_SIZES.filter((s) => s !== 'full').map((size) => ({
      size,
      className:
        'top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl',
    })),
    defaultVariants: { size: 'md' },
  },
);

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  size?: ModalSize;
  closable?: boolean;
};

export function DialogContent({ className, size, closable = true, children, ...props }: DialogContentProps) {
  const { t } = useTranslation();
  const stay = (event: Event): void => event.preventDefault();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(contentVariants({ size }), className)}
        // Not closable: Escape and clicks outside are ignored, only the dialog's own buttons close it.
        {...(closable ? {} : { onEscapeKeyDown: stay, onPointerDownOutside: stay, onInteractOutside: stay })}
        {...props}
      >
        {children}
        {closable && (
          <DialogPrimitive.Close
            className="absolute top-3.5 right-3.5 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={t('ui.close')}
          >
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 px-6 pt-6 pr-12', className)} {...props} />;
}

export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-6 py-4', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-foreground', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  closable?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** The everyday modal: title, optional description, body and footer. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  closable = true,
  footer,
  children,
  className,
}: ModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size={size}
        closable={closable}
        className={className}
        // Without a description Radix would point aria-describedby at nothing.
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children !== undefined && <DialogBody>{children}</DialogBody>}
        {footer !== undefined && <DialogFooter>{footer}</DialogFooter>}
      </DialogContent>
    </Dialog>
  );
}
