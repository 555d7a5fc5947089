import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ACTIONS, type ImpersonationMode, type StaffUser } from '@leadcapture/contracts/staff';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { startImpersonation } from '../../../lib/impersonation.ts';
import { staffApi, staffKeys } from '../api/staff-api.ts';
import { staffErrorText } from '../api/staff-errors.ts';

/** A user's card: state, organisations, account safety and "Impersonate" (reason and mode required). */
function UserCard({ user, onChanged }: { user: StaffUser; onChanged: () => void }) {
  const { t } = useTranslation('staff');
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<ImpersonationMode>('read');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (err) {
      setMessage({ tone: 'error', text: staffErrorText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="space-y-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          {user.first_name} {user.last_name}
        </span>
        <span className="text-sm text-muted-foreground">{user.email}</span>
        <Badge variant={user.email_verified ? 'success' : 'warning'}>
          {user.email_verified ? t('users.verified') : t('users.unverified')}
        </Badge>
        <Badge variant={user.is_active ? 'neutral' : 'danger'}>
          {user.is_active ? t('users.active') : t('users.locked')}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {user.organizations.length === 0
          ? t('users.noOrganization')
          : user.organizations.map((o) => `${o.organization_name} (${o.role})`).join(', ')}
      </p>
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
      <Field label={t('users.reason')} help={t('users.reasonHint')} required>
        <Input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <fieldset className="flex flex-wrap items-center gap-4 text-sm">
        <legend className="sr-only">{t('users.mode')}</legend>
        {(['read', 'write'] as const).map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input type="radio" name={`mode-${user.id}`} checked={mode === m} onChange={() => setMode(m)} />
            {m === 'read' ? t('users.modeRead') : t('users.modeWrite')}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={busy}
          disabled={reason.trim() === ''}
          onClick={() =>
            void run(async () => {
              const grant = await staffApi.impersonate(user.id, reason.trim(), mode);
              startImpersonation({ access: grant.access, expiresAt: grant.expires_at });
              window.location.assign('/dashboard');
            })
          }
        >
          {t('users.impersonate')}
        </Button>
        {ACCOUNT_ACTIONS.filter((a) => (user.is_active ? a !== 'unlock' : a !== 'lock')).map((action) => (
          <Button
            key={action}
            size="sm"
            variant="outline"
            disabled={busy || reason.trim() === ''}
            onClick={() =>
              void run(async () => {
                const done = await staffApi.accountAction(user.id, action, reason.trim());
                setMessage({ tone: 'success', text: done.detail });
                onChanged();
              })
            }
          >
            {t(`users.${action}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}

/** /staff/users: search users by email or name. */
export function StaffUsersPage() {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useState('');
  const query = useQuery({ queryKey: staffKeys.users(search), queryFn: () => staffApi.users(search) });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('users.title')}</h1>
      <Field label={t('users.search')} hideLabel>
        <Input
          type="search"
          placeholder={t('users.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field>
      {query.error && <FormAlert>{staffErrorText(t, query.error)}</FormAlert>}
      {query.data?.results.length === 0 && <p className="text-muted-foreground">{t('users.empty')}</p>}
      <ul className="space-y-3">
        {query.data?.results.map((u) => (
          <UserCard key={u.id} user={u} onChanged={() => void query.refetch()} />
        ))}
      </ul>
    </div>
  );
}
