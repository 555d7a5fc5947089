import type { ReactNode } from 'react';

/** A form-level message (wrong password, expired link) announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-lg bg-destructive-soft px-3.5 py-3 text-sm font-medium text-destructive-soft-foreground'
          : 'rounded-lg bg-success-soft px-3.5 py-3 text-sm font-medium text-success-soft-foreground'
      }
    >
      {children}
    </div>
  );
}
