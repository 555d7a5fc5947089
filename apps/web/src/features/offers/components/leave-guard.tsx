import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';

/**
 * Guards unsaved work: in-app navigation asks first (React Router's blocker, answered in a
 * dialog), and closing or reloading the tab gets the browser's own warning. `allowNextRef`
 * lets a page leave on purpose right after saving, before its "dirty" state has re-rendered.
 */
export function LeaveGuard({ dirty, allowNextRef }: { dirty: boolean; allowNextRef: { current: boolean } }) {
  const { t } = useTranslation('offers');
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowNextRef.current) {
      allowNextRef.current = false;
      return false;
    }
    // Only leaving counts: a changed query string (the leads panel's filters) stays on the page.
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      // The browser shows its own wording; custom texts are ignored everywhere now.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      size="sm"
      title={t('leave.title')}
      description={t('leave.body')}
      footer={
        <>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {t('leave.stay')}
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            {t('leave.leave')}
          </Button>
        </>
      }
    />
  );
}
