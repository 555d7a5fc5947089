import { matchRoutes, type createBrowserRouter } from 'react-router';
import { loadNamespaces } from '../i18n/i18n.ts';
import { languageFromPath } from '../i18n/language.ts';
import type { AppT, RouteHandle } from './routes.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'function';
}

/**
 * The namespaces the matched routes need: those their titles read (`t('settings:profile.metaTitle')`
 * gives settings) and those their handles name in `namespaces`. A page's title and its text share
 * a namespace, so this names the strings a page needs without a second list to keep up to date;
 * a page that also shows a shared component's strings, or a layout (which has no title), names
 * them in `namespaces`. The recording `t` only has to answer the plain `t(key)` titles make.
 */
export function titleNamespaces(handles: readonly unknown[]): string[] {
  const found = new Set<string>();
  const record = (key: string): string => {
    const separator = key.indexOf(':');
    if (separator > 0) found.add(key.slice(0, separator));
    return key;
  };
  for (const handle of handles) {
    if (typeof handle !== 'object' || handle === null) continue;
    if (isRouteHandle(handle)) handle.title?.(record as unknown as AppT);
    // Also a layout's, without a title: the namespaces of what it draws around every page.
    if ('namespaces' in handle && Array.isArray(handle.namespaces)) {
      for (const namespace of handle.namespaces) if (typeof namespace === 'string') found.add(namespace);
    }
  }
  return [...found];
}

/**
 * Starts downloading the strings of the page the router shows first, and of every page it goes
 * to, together with the page's code. Without it the page renders, suspends on useTranslation and
 * only then asks for its namespace: one more round trip before anything shows (i18n/i18n.ts).
 */
export function preloadPageStrings(router: Router): void {
  let last = '';
  const onState = ({ location, navigation, matches }: Router['state']) => {
    // Where the router is going while it loads the page's code and data, else where it is (a
    // page without either commits at once). Downloads are shared: asking twice costs nothing.
    const next = navigation.location ?? location;
    if (next.pathname === last) return;
    last = next.pathname;
    // The router has matched where it is (the first page too, before it has loaded): only a
    // navigation's target is matched here. matchRoutes ranks every route again each time, the
    // two languages' trees, which cost a phone ~15 ms before the first page could draw.
    const matched = navigation.location === undefined ? matches : (matchRoutes(router.routes, next) ?? []);
    const handles = matched.map((match): unknown => match.route.handle);
    // Best effort: a failed download is retried by the component that needs it.
    loadNamespaces(languageFromPath(next.pathname), titleNamespaces(handles)).catch(() => undefined);
  };
  onState(router.state);
  router.subscribe(onState);
}
