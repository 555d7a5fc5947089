/**
 * Titles of the articles loaded so far, by path, for the tab title ("{article} - LeadCapture"):
 * a route's title function gets only `t`, so the article route's reads the address. Tiny and
 * imported by the route table; the articles themselves load with the help pages.
 */
const titles = new Map<string, string>();

export function rememberArticleTitle(pathname: string, title: string): void {
  titles.set(pathname.replace(/\/+$/, ''), title);
}

export function articleTitleAt(pathname: string): string | undefined {
  return titles.get(pathname.replace(/\/+$/, ''));
}
