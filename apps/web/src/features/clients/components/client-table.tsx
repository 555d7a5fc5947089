import type { ClientOrdering } from '@leadcapture/contracts/clients';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import type { Client } from '../api/clients.ts';
import { contactName, formatAmount } from '../utils/format.ts';
import { ClientPriorityBadge, ClientStatusBadge } from './client-badges.tsx';

type SortField = 'company_name' | 'priority' | 'estimated_value' | 'created_at';

function direction(ordering: ClientOrdering, field: SortField): 'ascending' | 'descending' | undefined {
  if (ordering === field) return 'ascending';
  if (ordering === `-${field}`) return 'descending';
  return undefined;
}

/** Clicking a sorted column flips it; another column starts in its natural order. */
function nextOrdering(ordering: ClientOrdering, field: SortField): ClientOrdering {
  if (ordering === field) return `-${field}`;
  if (ordering === `-${field}`) return field;
  return field === 'estimated_value' || field === 'created_at' ? `-${field}` : field;
}

/**
 * The clients of one page: a sortable table from tablet width up, cards on a phone (the same
 * data, nothing hidden that matters: company, contact, status, priority, value).
 */
export function ClientTable({
  clients,
  ordering,
  onOrder,
  memberNames,
}: {
  clients: readonly Client[];
  ordering: ClientOrdering;
  onOrder: (ordering: ClientOrdering) => void;
  memberNames: ReadonlyMap<string, string>;
}) {
  const { t, i18n } = useTranslation('clients');
  const language = i18n.language;
  const { lp } = useLocalizedPath();

  const manager = (client: Client) =>
    client.relationship_manager === null
      ? t('list.unassigned')
      : (memberNames.get(client.relationship_manager) ?? t('list.unknownMember'));

  const name = (client: Client, className: string) => (
    <Link
      to={lp(`/clients/${client.id}`)}
      className={cn('rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring', className)}
    >
      {client.company_name}
    </Link>
  );

  const sortable = (field: SortField, label: string) => {
    const dir = direction(ordering, field);
    const Icon = dir === 'ascending' ? ArrowUp : dir === 'descending' ? ArrowDown : ArrowUpDown;
    return (
      <TableHead aria-sort={dir ?? 'none'}>
        <button
          type="button"
          onClick={() => onOrder(nextOrdering(ordering, field))}
          className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {label}
          <Icon aria-hidden="true" className={cn('size-3.5', dir === undefined && 'opacity-40')} />
        </button>
      </TableHead>
    );
  };

  return (
    <>
      <div className="max-md:hidden">
        <Table aria-label={t('list.tableLabel')}>
          <TableHeader>
            <TableRow>
              {sortable('company_name', t('columns.company'))}
              <TableHead>{t('columns.contact')}</TableHead>
              <TableHead>{t('columns.status')}</TableHead>
              <TableHead>{t('columns.type')}</TableHead>
              {sortable('priority', t('columns.priority'))}
              {sortable('estimated_value', t('columns.estimated'))}
              <TableHead>{t('columns.manager')}</TableHead>
              {sortable('created_at', t('columns.created'))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {clients.map((client) => (
              <TableRow key={client.id}>
                <TableCell className="max-w-64">{name(client, 'block truncate font-medium text-foreground')}</TableCell>
                <TableCell className="max-w-56">
                  <span className="block truncate">{contactName(client) || '—'}</span>
                  {client.contact_email !== '' && (
                    <span className="block truncate text-xs text-muted-foreground">{client.contact_email}</span>
                  )}
                </TableCell>
                <TableCell>
                  <ClientStatusBadge status={client.status} />
                </TableCell>
                <TableCell>{t(`type.${client.client_type}`)}</TableCell>
                <TableCell>
                  <ClientPriorityBadge priority={client.priority} />
                </TableCell>
                <TableCell className="tabular-nums">
                  {formatAmount(client.estimated_value, client.currency, language) ?? '—'}
                </TableCell>
                <TableCell>{manager(client)}</TableCell>
                <TableCell>
                  <time dateTime={client.created_at}>{formatDate(client.created_at, language, 'PP')}</time>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="grid gap-3 md:hidden" aria-label={t('list.tableLabel')}>
        {clients.map((client) => (
          <li key={client.id}>
            <Card className="grid gap-1.5 p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="grid min-w-0">
                  {name(client, 'truncate font-medium text-foreground')}
                  <span className="truncate text-sm text-muted-foreground">
                    {[contactName(client), client.contact_email].filter(Boolean).join(' · ') || t('list.noContact')}
                  </span>
                </div>
                {client.estimated_value !== null && (
                  <span className="shrink-0 text-sm font-medium tabular-nums">
                    <span className="sr-only">{t('columns.estimated')}: </span>
                    {formatAmount(client.estimated_value, client.currency, language)}
                  </span>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                <ClientStatusBadge status={client.status} />
                <ClientPriorityBadge priority={client.priority} />
                <span className="text-xs text-muted-foreground">{t(`type.${client.client_type}`)}</span>
              </div>
              <span className="text-xs text-muted-foreground">
                {manager(client)}
                {' · '}
                <time dateTime={client.created_at}>{formatDate(client.created_at, language, 'PP')}</time>
              </span>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
