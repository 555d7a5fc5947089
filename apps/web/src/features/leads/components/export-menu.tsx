import type { ExportFormat } from '@leadcapture/contracts/lead-imports';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { ExportDialog, leadExportFilters } from '../../data/api/list-export.ts';
import { exportLeads, saveFile, type ExportProgress } from '../api/lead-data.ts';
import type { LeadListFilters } from '../api/leads.ts';

/**
 * The list toolbar's Export menu: the leads of the current filter (every page, not only the one
 * on screen) as CSV or Excel, with the rows received of the total while the file streams in; or,
 * "In the background", the data centre's export dialog with the list's filters (a saved column
 * set, JSON, for re-import), whose file waits under /dashboard/data.
 */
export function ExportMenu({ filters }: { filters: LeadListFilters }) {
  const { t, i18n } = useTranslation('leads');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const run = async (format: ExportFormat) => {
    setProgress({ rows: 0, total: null });
    try {
      const file = await exportLeads(filters, format, setProgress);
      saveFile(file.blob, file.filename);
      toast.success(t('data.export.done'));
    } catch (error) {
      if (!isHandledGlobally(error)) toast.error(t('data.export.failed'));
    } finally {
      setProgress(null);
    }
  };

  const percent = progress?.total && progress.rows !== null ? (progress.rows / progress.total) * 100 : 0;
  return (
    <div className="flex items-center gap-3">
      {progress !== null && (
        <div role="status" className="flex min-w-40 flex-col gap-1 text-xs text-muted-foreground">
          <span>
            {progress.total === null
              ? t('data.export.starting')
              : progress.rows === null
                ? t('data.export.receiving', { total: formatNumber(progress.total, i18n.language) })
                : t('data.export.progress', {
                    rows: formatNumber(progress.rows, i18n.language),
                    total: formatNumber(progress.total, i18n.language),
                  })}
          </span>
          <Progress value={percent} label={t('data.export.progressLabel')} />
        </div>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" loading={progress !== null}>
            <Download aria-hidden="true" />
            {t('data.export.button')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void run('csv')}>{t('data.export.csv')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void run('xlsx')}>{t('data.export.xlsx')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialogOpen(true)}>{t('data.export.background')}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialogOpen && (
        <ExportDialog
          open
          onOpenChange={setDialogOpen}
          initialResource="leads"
          filters={leadExportFilters(filters)}
          linkToProgress
        />
      )}
    </div>
  );
}
