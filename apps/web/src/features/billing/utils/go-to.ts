import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';

/**
 * The path inside this app that `url` names: a same-origin path ("/billing/checkout/…") or an
 * absolute URL on this origin; `null` for anything else (Stripe's pages, another site, "//host").
 */
export function appPath(url: string, origin: string = window.location.origin): string | null {
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Goes where checkout and the portal say: an address of this app by the router, in the page's
 * language (the local provider's pages); anything else by the browser (Stripe).
 */
export function useGoTo(): (url: string) => void {
  const navigate = useNavigate();
  const { lp } = useLocalizedPath();
  return (url) => {
    const path = appPath(url);
    if (path === null) window.location.assign(url);
    else void navigate(lp(path));
  };
}

/**
 * Opens an invoice's PDF address: on this origin the browser downloads it where the page is;
 * elsewhere (Stripe's hosted PDF) in a new tab, so the billing page stays.
 */
export function openDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  if (appPath(url) === null) {
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  } else {
    link.download = '';
  }
  document.body.append(link);
  link.click();
  link.remove();
}
