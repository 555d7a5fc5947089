import { useEffect } from 'react';

/** Each page names the tab itself, so the title follows the page and its language. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
