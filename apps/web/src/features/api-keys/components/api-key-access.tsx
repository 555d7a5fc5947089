import type { Role } from '@leadcapture/contracts/constants';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';

/** Owners and admins make and revoke keys (the API answers everyone else 403). */
export function canManageApiKeys(role: Role | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** What a member or viewer sees instead of the keys, and why. */
export function NoApiKeyAccess({ organization }: { organization: string }) {
  const { t } = useTranslation('apiKeys');
  return (
    <Card role="note" className="flex gap-4 p-5 sm:p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <ShieldAlert aria-hidden="true" className="size-5" />
      </span>
      <div className="grid gap-1">
        <h2 className="font-semibold text-foreground">{t('noAccess.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('noAccess.body', { organization })}</p>
      </div>
    </Card>
  );
}
