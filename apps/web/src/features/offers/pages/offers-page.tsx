import { OFFER_STATUSES, type OfferStatus } from '@leadcapture/contracts/offers';
import {
  Archive,
  CopyPlus,
  ExternalLink,
  Megaphone,
  MoreHorizontal,
  Pencil,
  Play,
  Plus,
  Search,
  Trash2,
} from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useDeleteOffer, useOfferAction, useOfferList, type Offer, type OfferAction } from '../api/offers.ts';
import { OfferPublishedBadge, OfferStatusBadge } from '../components/offer-badges.tsx';
import { conversionRate, formatConversion } from '../components/offer-figures.ts';

const PAGE_SIZE = 25;
const isStatus = (v: string | null): v is OfferStatus =>
  v !== null && (OFFER_STATUSES as readonly string[]).includes(v);

/**
 * /offers (spec 01 §2): the organisation's offer pages with status, published flag and figures.
 * Search, status and page live in the URL, so a filtered list can be shared and survives reload.
 */
export function OffersPage() {
  const { t, i18n } = useTranslation(['offers', 'common', 'errors']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const me = useCurrentUser();
  const canWrite = me.current_organization?.role !== 'viewer';
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const deferredSearch = useDeferredValue(search.trim());
  const list = useOfferList({ status, search: deferredSearch, page, pageSize: PAGE_SIZE });
  const remove = useDeleteOffer();
  const action = useOfferAction();
  const [deleting, setDeleting] = useState<Offer | null>(null);

  const setParam = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const run = (offer: Offer, kind: OfferAction) =>
    action.mutate(
      { id: offer.id, action: kind },
      {
        onSuccess: (result) => {
          if (kind === 'activate') toast.success(t('list.activated', { title: offer.title }));
          else if (kind === 'archive') toast.success(t('list.archived', { title: offer.title }));
          else toast.success(t('list.duplicated', { title: result.title }));
        },
        onError: (error) => {
          if (!isHandledGlobally(error)) toast.error(t('errors:generic.saveFailed'));
        },
      },
    );

  const confirmDelete = async () => {
    if (deleting === null) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('list.deleted', { title: deleting.title }));
      setDeleting(null);
    } catch (error) {
      if (!isHandledGlobally(error)) toast.error(t('errors:generic.deleteFailed'));
    }
  };

  const data = list.data;
  const filtered = status !== '' || deferredSearch !== '';
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  const conversion = (offer: Offer) => formatConversion(conversionRate(offer.submissions, offer.page_views), language);
  const rowActions = (offer: Offer) => (
    <RowActions offer={offer} canWrite={canWrite} onAction={run} onDelete={setDeleting} />
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canWrite && (
            <Button asChild>
              <Link to={lp('/offers/form')}>
                <Plus aria-hidden="true" />
                {t('list.create')}
              </Link>
            </Button>
          )
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          className="flex-1"
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          maxLength={200}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setParam('search', e.target.value.trim());
          }}
        />
        <Select
          aria-label={t('list.statusFilter')}
          className="sm:w-48"
          value={status}
          onChange={(e) => setParam('status', e.target.value)}
          placeholder={t('list.allStatuses')}
          options={OFFER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </div>

      <QueryState
        query={list}
        errorMessage={t('list.loadFailed')}
        isEmpty={(page) => page.results.length === 0}
        empty={
          filtered ? (
            <EmptyState icon={Search} title={t('list.noMatchesTitle')} description={t('list.noMatchesBody')} />
          ) : (
            <EmptyState
              icon={Megaphone}
              title={t('list.emptyTitle')}
              description={t('list.emptyBody')}
              action={
                canWrite && (
                  <Button asChild>
                    <Link to={lp('/offers/form')}>{t('list.createFirst')}</Link>
                  </Button>
                )
              }
            />
          )
        }
      >
        {(data) => (
          <>
            <div className="max-md:hidden">
              <Table aria-label={t('list.title')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('list.columns.title')}</TableHead>
                    <TableHead>{t('list.columns.status')}</TableHead>
                    <TableHead className="text-right">{t('list.columns.views')}</TableHead>
                    <TableHead className="text-right">{t('list.columns.submissions')}</TableHead>
                    <TableHead className="text-right">{t('list.columns.conversion')}</TableHead>
                    <TableHead>
                      <span className="sr-only">{t('list.columns.actions')}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.results.map((offer) => (
                    <TableRow key={offer.id}>
                      <TableCell className="max-w-80">
                        <Link
                          to={lp(`/offers/form/${offer.id}`)}
                          className="font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                        >
                          {offer.title}
                        </Link>
                        <a
                          href={offer.public_url}
                          target="_blank"
                          rel="noreferrer"
                          className="mt-0.5 block truncate text-xs text-muted-foreground hover:underline"
                        >
                          {offer.public_url}
                        </a>
                      </TableCell>
                      <TableCell>
                        <span className="flex flex-wrap gap-1.5">
                          <OfferStatusBadge status={offer.status} />
                          <OfferPublishedBadge published={offer.is_published} />
                        </span>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatNumber(offer.page_views, language)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatNumber(offer.submissions, language)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{conversion(offer)}</TableCell>
                      <TableCell className="w-12 text-right">{rowActions(offer)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>

            <ul className="grid gap-3 md:hidden" aria-label={t('list.title')}>
              {data.results.map((offer) => (
                <li key={offer.id}>
                  <Card className="flex items-start gap-3 p-4">
                    <div className="grid min-w-0 flex-1 gap-1">
                      <Link
                        to={lp(`/offers/form/${offer.id}`)}
                        className="truncate font-medium text-foreground hover:underline"
                      >
                        {offer.title}
                      </Link>
                      <span className="truncate text-xs text-muted-foreground">{offer.public_url}</span>
                      <span className="flex flex-wrap items-center gap-1.5">
                        <OfferStatusBadge status={offer.status} />
                        <OfferPublishedBadge published={offer.is_published} />
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {t('list.figures', {
                          views: formatNumber(offer.page_views, language),
                          submissions: formatNumber(offer.submissions, language),
                          conversion: conversion(offer),
                        })}
                      </span>
                    </div>
                    {rowActions(offer)}
                  </Card>
                </li>
              ))}
            </ul>

            {pages > 1 && (
              <Pagination
                label={t('list.pagination')}
                summary={t('list.pageOf', { page, pages })}
                page={page}
                pages={pages}
                onPage={(next) => setParam('page', String(next))}
              />
            )}
          </>
        )}
      </QueryState>

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        size="sm"
        title={t('list.deleteTitle')}
        description={t('list.deleteBody', { title: deleting?.title ?? '' })}
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t('list.cancel')}
            </Button>
            <Button variant="destructive" loading={remove.isPending} onClick={() => void confirmDelete()}>
              {t('list.confirmDelete')}
            </Button>
          </>
        }
      />
    </div>
  );
}

function RowActions({
  offer,
  canWrite,
  onAction,
  onDelete,
}: {
  offer: Offer;
  canWrite: boolean;
  onAction: (offer: Offer, action: OfferAction) => void;
  onDelete: (offer: Offer) => void;
}) {
  const { t } = useTranslation('offers');
  const { lp } = useLocalizedPath();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t('list.actionsFor', { title: offer.title })}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canWrite && (
          <DropdownMenuItem asChild>
            <Link to={lp(`/offers/form/${offer.id}`)}>
              <Pencil aria-hidden="true" />
              {t('list.edit')}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <a href={offer.public_url} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('list.openPage')}
          </a>
        </DropdownMenuItem>
        {canWrite && (
          <>
            {offer.status !== 'active' && (
              <DropdownMenuItem onSelect={() => onAction(offer, 'activate')}>
                <Play aria-hidden="true" />
                {t('list.activate')}
              </DropdownMenuItem>
            )}
            {offer.status !== 'archived' && (
              <DropdownMenuItem onSelect={() => onAction(offer, 'archive')}>
                <Archive aria-hidden="true" />
                {t('list.archive')}
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => onAction(offer, 'duplicate')}>
              <CopyPlus aria-hidden="true" />
              {t('list.duplicate')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={() => onDelete(offer)}>
              <Trash2 aria-hidden="true" />
              {t('list.delete')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
