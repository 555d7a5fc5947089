import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { QueryLoading } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** One figure of the Lobby: label, value, and a line of context under it. */
export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  loading,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: ReactNode;
  loading: boolean;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
      </div>
      {loading ? (
        <QueryLoading className="mt-2">
          <Skeleton className="h-8 w-20" />
        </QueryLoading>
      ) : (
        <p className="mt-1 text-3xl font-semibold tracking-tight text-foreground tabular-nums">{value}</p>
      )}
      {hint !== undefined && <div className="mt-2 text-xs text-muted-foreground">{hint}</div>}
    </Card>
  );
}
