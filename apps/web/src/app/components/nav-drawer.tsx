import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useDeferredOverlay } from '../../lib/use-deferred-overlay.ts';

/** The top bar's menu button, which opens the drawer. */
export function NavDrawerButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="icon" aria-haspopup="dialog" aria-label={t('nav.openMenu')} {...props}>
      <Menu aria-hidden="true" />
    </Button>
  );
}

const loadDialog = () => import('./nav-drawer-dialog.tsx').then((m) => m.NavDrawerDialog);

/**
 * The main navigation below `lg`: a drawer from the left behind the top bar's menu button. The
 * drawer's code comes after the page's first paint (lib/use-deferred-overlay.ts).
 */
export function NavDrawer() {
  const drawer = useDeferredOverlay(loadDialog);
  if (drawer.Overlay === null) return <NavDrawerButton {...drawer.placeholderProps} />;
  return <drawer.Overlay defaultOpen={drawer.openOnMount} trigger={drawer.triggerProps} />;
}
