import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { afterPaint } from './after-paint.ts';

/** Spread on the placeholder's trigger and on the real one: how focus finds its way across. */
export type DeferredTriggerProps = { 'data-deferred-trigger': string };

export type DeferredOverlay<P> = {
  /** The overlay, once its code is here: draw it instead of the placeholder. */
  Overlay: ComponentType<P> | null;
  /** The placeholder was pressed before the code was here: the overlay opens on mount. */
  openOnMount: boolean;
  /** Loads the code now (if need be) and asks the overlay to open on mount. */
  press: () => void;
  /** For the placeholder trigger: its press is `press`. */
  placeholderProps: DeferredTriggerProps & { onClick: () => void };
  /** For the overlay's own trigger. */
  triggerProps: DeferredTriggerProps;
};

/**
 * An overlay (a menu, the drawer, a dialog) whose code loads after the page's first paint instead
 * of before it: the signed-in shell draws its menus on every page, and their code (Radix, ~30 KB
 * gzip, and what builds their content) held the first page's paint back on a phone
 * (docs/decisions/010-web-performance-budget.md). Until the code is here the caller draws a
 * placeholder trigger that looks exactly like the real one. Nothing the user does is lost: a
 * press on the placeholder loads the code at once and the overlay opens when it mounts, and a
 * placeholder that has keyboard focus hands it to the real trigger.
 *
 *   const menu = useDeferredOverlay(loadUserMenu);   // () => import(…).then((m) => m.UserMenuDropdown)
 *   if (menu.Overlay === null) return <UserMenuButton {...menu.placeholderProps} />;
 *   return <menu.Overlay defaultOpen={menu.openOnMount} trigger={menu.triggerProps} />;
 */
export function useDeferredOverlay<P>(load: () => Promise<ComponentType<P>>): DeferredOverlay<P> {
  const id = useId();
  const [Overlay, setOverlay] = useState<ComponentType<P> | null>(null);
  const [openOnMount, setOpenOnMount] = useState(false);
  const refocus = useRef(false);
  const live = useRef(true);

  const fetchCode = useCallback(() => {
    load().then(
      (component) => {
        if (!live.current) return;
        refocus.current = document.activeElement?.getAttribute('data-deferred-trigger') === id;
        // A function in state is called as an updater: wrap the component.
        setOverlay(() => component);
      },
      // A failed download leaves the placeholder; its next press tries again.
      () => undefined,
    );
  }, [load, id]);

  useEffect(() => {
    live.current = true;
    afterPaint(() => {
      if (live.current) fetchCode();
    });
    return () => {
      live.current = false;
    };
  }, [fetchCode]);

  useEffect(() => {
    if (Overlay === null || !refocus.current) return;
    refocus.current = false;
    document.querySelector<HTMLElement>(`[data-deferred-trigger="${CSS.escape(id)}"]`)?.focus();
  }, [Overlay, id]);

  const press = useCallback(() => {
    setOpenOnMount(true);
    fetchCode();
  }, [fetchCode]);

  return {
    Overlay,
    openOnMount,
    press,
    placeholderProps: { 'data-deferred-trigger': id, onClick: press },
    triggerProps: { 'data-deferred-trigger': id },
  };
}
