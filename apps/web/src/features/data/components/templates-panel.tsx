import { IMPORTABLE_RESOURCES } from '@leadcapture/contracts/data-exports';
import { FileSpreadsheet, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadBlankTemplate, useDeleteTemplate, useTemplates } from '../api/data-exports.ts';

/** The saved templates (export column sets, import mappings) with delete, and the blank import files. */
export function SavedTemplates({ showManageLink }: { showManageLink: boolean }) {
  const { t } = useTranslation('data');
  const { lp } = useLocalizedPath();
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('templates.blankTitle')}</CardTitle>
          <CardDescription>{t('templates.blankDescription')}</CardDescription>
        </CardHeader>
        <div className="flex flex-wrap gap-2 px-6 pb-6">
          {IMPORTABLE_RESOURCES.flatMap((resource) => [
            <Button
              key={`${resource}-csv`}
              variant="outline"
              onClick={() => void downloadBlankTemplate(resource, 'csv')}
            >
              <FileSpreadsheet aria-hidden className="size-4" />
              {t('templates.blankCsv', { resource: t(`resources.${resource}`) })}
            </Button>,
            <Button
              key={`${resource}-xlsx`}
              variant="outline"
              onClick={() => void downloadBlankTemplate(resource, 'xlsx')}
            >
              <FileSpreadsheet aria-hidden className="size-4" />
              {t('templates.blankXlsx', { resource: t(`resources.${resource}`) })}
            </Button>,
          ])}
        </div>
      </Card>
      <section className="grid gap-3" aria-labelledby="saved-templates">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="saved-templates" className="text-lg font-semibold">
            {t('templates.savedTitle')}
          </h2>
          {showManageLink && (
            <Link to={lp('/dashboard/data/templates')} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {t('templates.manage')}
            </Link>
          )}
        </div>
        <QueryState query={templates} errorMessage={t('templates.loadFailed')}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                icon={FileSpreadsheet}
                title={t('templates.emptyTitle')}
                description={t('templates.emptyDescription')}
                headingLevel={3}
              />
            ) : (
              <ul className="grid gap-2">
                {list.map((x) => (
                  <li
                    key={x.id}
                    className="flex items-center justify-between gap-3 rounded-lg border border-border p-3"
                  >
                    <div className="min-w-0">
                      <div className="truncate font-medium">{x.name}</div>
                      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        <Badge>{t(`templates.kinds.${x.kind}`)}</Badge>
                        <span>{t(`resources.${x.resource}`)}</span>
                        <span>
                          {x.kind === 'export'
                            ? t('templates.columnCount', { count: x.columns?.length ?? 0 })
                            : t('templates.mappingCount', { count: Object.keys(x.mapping ?? {}).length })}
                        </span>
                      </div>
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('templates.delete', { name: x.name })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(x.id, { onSuccess: () => toast.success(t('templates.deleted')) })}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
