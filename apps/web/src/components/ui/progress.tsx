import { cn } from '../../lib/cn.ts';

type ProgressProps = {
  /** 0–100; values outside are clamped so a usage of 120 % still draws a full bar. */
  value: number;
  label: string;
  tone?: 'primary' | 'success' | 'warning' | 'danger';
  className?: string;
};

export function Progress({ value, label, tone = 'primary', className }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-500',
          tone === 'primary' && 'bg-primary',
          tone === 'success' && 'bg-emerald-500',
          tone === 'warning' && 'bg-amber-500',
          tone === 'danger' && 'bg-red-600 dark:bg-red-500',
        )}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
