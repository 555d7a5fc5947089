import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';

/** Spread on the placeholder's trigger and on the real one: how focus finds its way across. */
export type DeferredTriggerProps = { 'data-deferred-trigger': string };

export type DeferredOverlay<P> = {
  /** The overlay, once its code is here: draw it instead of the placeholder. */
  Overlay: ComponentType<P> | null;
  /** The placeholder was pressed before the code was here: the overlay opens on mount. */
  openOnMount: boolean;
  /** Loads the code now (if need be) and asks the overlay to open on mount. */
  press: () => void;
  /** For the placeholder trigger: a pointer over it or focus on it loads the code, a press is `press`. */
  placeholderProps: DeferredTriggerProps & { onClick: () => void; onPointerEnter: () => void; onFocus: () => void };
  /** For the overlay's own trigger. */
  triggerProps: DeferredTriggerProps;
};

/**
 * An overlay (a menu, the drawer, a dialog) whose code loads when the user shows they may open
 * it, not with the page: the signed-in shell draws its menus on every page, and their code (Radix,
 * ~30 KB gzip, and what builds their content) held the first page's paint back on a phone, and
 * then, loaded after the paint, kept its main thread busy while the page was meant to be ready
 * (docs/decisions/010-web-performance-budget.md). Until the code is here the caller draws a
 * placeholder trigger that looks exactly like the real one. A pointer over it (a mouse's hover, a
 * finger's touch) or keyboard focus on it starts the download; nothing the user does is lost: a
 * press loads the code at once if need be and the overlay opens when it mounts, and a placeholder
 * that has keyboard focus hands it to the real trigger.
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
  /** A download is on its way: hovering again does not ask twice. */
  const loading = useRef(false);

  const fetchCode = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (component) => {
        if (!live.current) return;
        refocus.current = document.activeElement?.getAttribute('data-deferred-trigger') === id;
        // A function in state is called as an updater: wrap the component.
        setOverlay(() => component);
      },
      // A failed download leaves the placeholder; the next hover or press tries again.
      () => {
        loading.current = false;
      },
    );
  }, [load, id]);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

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
    placeholderProps: { 'data-deferred-trigger': id, onClick: press, onPointerEnter: fetchCode, onFocus: fetchCode },
    triggerProps: { 'data-deferred-trigger': id },
  };
}
