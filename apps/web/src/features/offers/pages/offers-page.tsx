import { OFFER_STATUSES } from '@leadcapture/contracts/offers';
import { Archive, CopyPlus, ExternalLink, Megaphone, MoreHorizontal, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListFilters, PagedList } from '../../../components/paged-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useDeleteOffer, useOfferAction, useOfferList, type Offer, type OfferAction } from '../api/offers.ts';
import { OfferPublishedBadge, OfferStatusBadge } from '../components/offer-badges.tsx';
import { conversionRate, formatConversion } from '../components/offer-figures.ts';

const PAGE_SIZE = 25;

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
  const params = useListParams('status', OFFER_STATUSES);
  const { filter: status, page, deferredSearch } = params;
  const list = useOfferList({ status, search: deferredSearch, page, pageSize: PAGE_SIZE });
  const remove = useDeleteOffer();
  const action = useOfferAction();
  const [deleting, setDeleting] = useState<Offer | null>(null);

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

      <ListFilters
        params={params}
        searchLabel={t('list.search')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filterLabel={t('list.statusFilter')}
        filterAll={t('list.allStatuses')}
        filterOptions={OFFER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />

      <PagedList
        query={list}
        text={(key, values) => t(`list.${key}`, values)}
        filtered={params.filtered}
        emptyIcon={Megaphone}
        emptyAction={
          canWrite && (
            <Button asChild>
              <Link to={lp('/offers/form')}>{t('list.createFirst')}</Link>
            </Button>
          )
        }
        columns={[
          {
            header: t('list.columns.title'),
            cellClassName: 'max-w-80',
            cell: (offer) => (
              <>
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
              </>
            ),
          },
          { header: t('list.columns.status'), cell: (offer) => <OfferBadges offer={offer} /> },
          {
            header: t('list.columns.views'),
            align: 'right',
            cell: (offer) => formatNumber(offer.page_views, language),
          },
          {
            header: t('list.columns.submissions'),
            align: 'right',
            cell: (offer) => formatNumber(offer.submissions, language),
          },
          { header: t('list.columns.conversion'), align: 'right', cell: conversion },
        ]}
        actions={rowActions}
        card={(offer) => (
          <>
            <Link to={lp(`/offers/form/${offer.id}`)} className="truncate font-medium text-foreground hover:underline">
              {offer.title}
            </Link>
            <span className="truncate text-xs text-muted-foreground">{offer.public_url}</span>
            <OfferBadges offer={offer} className="items-center" />
            <span className="text-xs text-muted-foreground">
              {t('list.figures', {
                views: formatNumber(offer.page_views, language),
                submissions: formatNumber(offer.submissions, language),
                conversion: conversion(offer),
              })}
            </span>
          </>
        )}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={params.setPage}
      />

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

/** The offer's status and whether it is published, side by side. */
function OfferBadges({ offer, className }: { offer: Offer; className?: string }) {
  return (
    <span className={cn('flex flex-wrap gap-1.5', className)}>
      <OfferStatusBadge status={offer.status} />
      <OfferPublishedBadge published={offer.is_published} />
    </span>
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
