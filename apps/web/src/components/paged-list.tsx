import { Search, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import type { ListParams } from '../lib/use-list-params.ts';
import { Card } from './ui/card.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { Pagination } from './ui/pagination.tsx';
import { QueryState, type QueryLike } from './ui/query-state.tsx';
import { SearchInput } from './ui/search-input.tsx';
import { Select } from './ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table.tsx';

/** The search box and the filter (a status, an approval) above a list, bound to its URL state. */
export function ListFilters<S extends string>({
  params,
  searchLabel,
  searchPlaceholder,
  filterLabel,
  filterAll,
  filterOptions,
}: {
  params: ListParams<S>;
  searchLabel: string;
  searchPlaceholder: string;
  filterLabel: string;
  /** The filter's "any" choice ("All statuses"). */
  filterAll: string;
  filterOptions: { value: S; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchInput
        className="flex-1"
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        maxLength={200}
        value={params.search}
        onChange={(e) => params.setSearch(e.target.value)}
      />
      <Select
        aria-label={filterLabel}
        className="sm:w-48"
        value={params.filter}
        onChange={(e) => params.setFilter(e.target.value)}
        placeholder={filterAll}
        options={filterOptions}
      />
    </div>
  );
}

/** One column of the wide screen's table. */
export interface PagedListColumn<T> {
  header: string;
  /** Right-aligned figures and the like, for the header and the cells. */
  align?: 'right';
  cellClassName?: string;
  cell: (item: T) => ReactNode;
}

/**
 * The list's texts, which each list page words under the same keys of its own namespace
 * (`list.loadFailed` of events, of offers): `title` names the table and the cards.
 */
export type PagedListTextKey =
  | 'title'
  | 'loadFailed'
  | 'noMatchesTitle'
  | 'noMatchesBody'
  | 'emptyTitle'
  | 'emptyBody'
  | 'columns.actions'
  | 'pagination'
  | 'pageOf';

export interface PagedListProps<T extends { id: string }> {
  query: QueryLike<{ count: number; results: T[] }>;
  text: (key: PagedListTextKey, values?: { page: number; pages: number }) => string;
  /** A search or filter is set: nothing found is "no matches", otherwise the first-use state. */
  filtered: boolean;
  /** The first-use state's icon, and its action (create the first one) for those who may. */
  emptyIcon: LucideIcon;
  emptyAction?: ReactNode;
  columns: PagedListColumn<T>[];
  /** The row's menu: the table's last column, and beside each card. */
  actions: (item: T) => ReactNode;
  /** What a card says on a narrow screen. */
  card: (item: T) => ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/**
 * A list page's list: its loading, failure and empty states, a table from md up and cards below
 * it, and previous/next when there is more than one page.
 */
export function PagedList<T extends { id: string }>(props: PagedListProps<T>) {
  const { text, page, pageSize, columns, actions } = props;
  return (
    <QueryState
      query={props.query}
      errorMessage={text('loadFailed')}
      isEmpty={(found) => found.results.length === 0}
      empty={
        props.filtered ? (
          <EmptyState icon={Search} title={text('noMatchesTitle')} description={text('noMatchesBody')} />
        ) : (
          <EmptyState
            icon={props.emptyIcon}
            title={text('emptyTitle')}
            description={text('emptyBody')}
            action={props.emptyAction}
          />
        )
      }
    >
      {(found) => {
        const pages = Math.max(1, Math.ceil(found.count / pageSize));
        return (
          <>
            <div className="max-md:hidden">
              <Table aria-label={text('title')}>
                <TableHeader>
                  <TableRow>
                    {columns.map((column) => (
                      <TableHead key={column.header} className={column.align === 'right' ? 'text-right' : undefined}>
                        {column.header}
                      </TableHead>
                    ))}
                    <TableHead>
                      <span className="sr-only">{text('columns.actions')}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {found.results.map((item) => (
                    <TableRow key={item.id}>
                      {columns.map((column) => (
                        <TableCell
                          key={column.header}
                          className={cn(column.align === 'right' && 'text-right tabular-nums', column.cellClassName)}
                        >
                          {column.cell(item)}
                        </TableCell>
                      ))}
                      <TableCell className="w-12 text-right">{actions(item)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>

            <ul className="grid gap-3 md:hidden" aria-label={text('title')}>
              {found.results.map((item) => (
                <li key={item.id}>
                  <Card className="flex items-start gap-3 p-4">
                    <div className="grid min-w-0 flex-1 gap-1">{props.card(item)}</div>
                    {actions(item)}
                  </Card>
                </li>
              ))}
            </ul>

            {pages > 1 && (
              <Pagination
                label={text('pagination')}
                summary={text('pageOf', { page, pages })}
                page={page}
                pages={pages}
                onPage={props.onPage}
              />
            )}
          </>
        );
      }}
    </QueryState>
  );
}
