import type { ReactNode } from 'react';
import { formAlertClasses } from './classes.ts';

/** A form-level message (wrong password, expired link) announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={formAlertClasses[tone]}>
      {children}
    </div>
  );
}
