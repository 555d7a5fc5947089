import { BarChart3, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { QueryLoading } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/**
 * A chart with its table: the chart is an image with a spoken summary, and one button switches
 * to the same figures as a table (for screen readers, keyboard users and anyone who wants the
 * numbers). Nothing is drawn before the figures arrive: a skeleton of the chart's height.
 */
export function ChartCard({
  title,
  description,
  summary,
  loading,
  chart,
  table,
  actions,
}: {
  title: string;
  description?: string | undefined;
  summary: string;
  loading: boolean;
  chart: ReactNode;
  table: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <CardTitle id={titleId}>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
            {asTable ? t('view.chart') : t('view.table')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="pt-4">
        {loading ? (
          <QueryLoading>
            <Skeleton className="h-64 w-full" />
          </QueryLoading>
        ) : asTable ? (
          table
        ) : (
          <figure className="m-0">
            <div role="img" aria-label={summary} className="h-64 w-full sm:h-72">
              {chart}
            </div>
            <figcaption className="sr-only">{summary}</figcaption>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
