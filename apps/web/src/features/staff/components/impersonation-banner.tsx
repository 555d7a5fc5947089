import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { endImpersonation, getImpersonation } from '../../../lib/impersonation.ts';
import { staffApi } from '../api/staff-api.ts';

/**
 * On every tenant page of an impersonated session: who is seen, the mode, the minutes left, and
 * "Exit" (ends it on the server, then back to the staff console).
 */
export function ImpersonationBanner() {
  const { t } = useTranslation('staff');
  const impersonation = getImpersonation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    document.documentElement.dataset.impersonating = impersonation ? 'true' : 'false';
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [impersonation]);
  const status = useQuery({
    queryKey: ['staff', 'impersonation', impersonation?.access ?? ''],
    queryFn: () => staffApi.impersonationStatus(impersonation?.access ?? ''),
    enabled: impersonation !== null,
  });
  if (!impersonation) return null;
  const minutes = Math.max(0, Math.ceil((new Date(impersonation.expiresAt).getTime() - now) / 60_000));
  const mode = status.data?.mode === 'write' ? t('banner.write') : t('banner.read');
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-3 bg-amber-400 px-4 py-2 text-sm font-medium text-black"
    >
      <span>{t('banner.text', { email: status.data?.user_email ?? '…', mode, minutes })}</span>
      <Button
        size="sm"
        variant="outline"
        className="border-black bg-white text-black"
        onClick={() => {
          const token = impersonation.access;
          staffApi
            .exitImpersonation(token)
            .catch(() => undefined)
            .finally(() => {
              endImpersonation();
              window.location.assign('/staff/users');
            });
        }}
      >
        {t('banner.exit')}
      </Button>
    </div>
  );
}
