import type { TFunction } from 'i18next';

/** The parts of the Lobby the tour shows, in order; each is marked with `data-tour` on the page. */
export const LOBBY_TOUR_STOPS = ['stats', 'trend', 'quick-actions', 'leads', 'navigation'] as const;

/**
 * The guided tour of the real Lobby (spec 01 §4 "dashboard tour"), with driver.js: it highlights
 * each part, traps focus in its dialog (labelled by its title and text), moves with the arrow
 * keys and closes with Esc. Loaded on demand, so the Lobby's own code does not grow.
 * `onClose(finished)` runs once when the user closes it, with whether the last stop was reached.
 */
export async function startLobbyTour(
  t: TFunction<'dashboard'>,
  onClose: (finished: boolean) => void,
): Promise<() => void> {
  const [{ driver }] = await Promise.all([
    import('driver.js'),
    import('driver.js/dist/driver.css'),
    import('./lobby-tour.css'),
  ]);
  // Only the parts on screen: the sidebar is a drawer on phones.
  const stops = LOBBY_TOUR_STOPS.filter((stop) => {
    const element = document.querySelector(`[data-tour="${stop}"]`);
    return element !== null && getComputedStyle(element).display !== 'none';
  });
  const tour = driver({
    steps: stops.map((stop) => ({
      element: `[data-tour="${stop}"]`,
      popover: { title: t(`tour.${stop}.title`), description: t(`tour.${stop}.body`) },
    })),
    showProgress: true,
    popoverClass: 'lobby-tour',
    animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    allowKeyboardControl: true,
    progressText: t('tour.progress', { current: '{{current}}', total: '{{total}}' }),
    nextBtnText: t('tour.next'),
    prevBtnText: t('tour.back'),
    doneBtnText: t('tour.done'),
    onPopoverRender: (popover) => {
      popover.closeButton.setAttribute('aria-label', t('tour.close'));
      popover.wrapper.setAttribute('aria-modal', 'true');
    },
    // Closing by the user (Done, Esc, ×, a click outside) comes here; destroy() from the page
    // (it went away) does not. Reaching the last stop counts as having taken the tour.
    onDestroyStarted: () => {
      const finished = !tour.hasNextStep();
      tour.destroy();
      onClose(finished);
    },
  });
  tour.drive();
  return () => tour.destroy();
}
