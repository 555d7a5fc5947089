import type { DataImport } from '@leadcapture/contracts/data-imports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataImports } from '../../../components/data-import/data-import-queries.ts';
import { ImportWizard, STATUS_TONE } from '../../../components/data-import/import-wizard.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** The data centre's imports: the one import wizard (leads or clients) and the latest imports. */
export function ImportsPanel() {
  const { t } = useTranslation('data-imports');
  const [openedId, setOpenedId] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('title')}</CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ImportWizard currentId={openedId} onStarted={() => setOpenedId(null)} />
        </CardContent>
      </Card>
      <ImportHistory onOpen={setOpenedId} />
    </div>
  );
}

function ImportHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('data-imports');
  const { data, isPending } = useDataImports();
  if (isPending) return null;
  const rows: DataImport[] = data?.results ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t('history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <EmptyState title={t('history.empty')} headingLevel={3} />
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {rows.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <span className="block truncate text-sm font-medium">{record.file_name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`resource.${record.resource}`)} · {new Date(record.created_at).toLocaleString(i18n.language)}
                    {record.dry_run ? ` · ${t('history.dryRun')}` : ''}
                  </span>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={STATUS_TONE[record.status]}>{t(`status.${record.status}`)}</Badge>
                  <Button variant="ghost" size="sm" onClick={() => onOpen(record.id)}>
                    {t('history.open')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
