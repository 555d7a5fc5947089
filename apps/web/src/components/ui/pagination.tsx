import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

export interface PaginationProps {
  /** What the pages are of, for screen readers ("Pages of leads"). */
  label: string;
  /** Where the reader is ("Page 2 of 40"); the list words it, estimates included. */
  summary: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous and next under a paginated list (03-decisions §2 `page`); shown by the list when pages > 1. */
export function Pagination({ label, summary, page, pages, onPage }: PaginationProps) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      <span className="text-muted-foreground">{summary}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('ui.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('ui.next')}
        </Button>
      </div>
    </nav>
  );
}
