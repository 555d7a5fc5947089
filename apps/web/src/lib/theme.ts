/**
 * Tailwind's `dark:` variant is driven by a `dark` class on <html> (see styles.css) rather than
 * the media query directly, so a later explicit light/dark setting only has to change the
 * class. Until such a setting exists, the class simply mirrors the operating system.
 */
export function followSystemColorScheme(root: HTMLElement = document.documentElement): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = (): void => {
    root.classList.toggle('dark', query.matches);
    // Native controls and scrollbars follow the same scheme as our own styles.
    root.style.colorScheme = query.matches ? 'dark' : 'light';
  };
  apply();
  query.addEventListener('change', apply);
  return () => {
    query.removeEventListener('change', apply);
  };
}
