import type { ApiKey } from '@leadcapture/contracts/api-keys';
import { BarChart3, KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, formatRelative } from '../../../lib/format.ts';
import { ApiKeyUsagePanel } from './api-key-usage.tsx';

/** The organisation's keys: what each may do, when it was made, last used and expires, its usage. */
export function ApiKeyList({
  keys,
  onRegenerate,
  onDelete,
}: {
  keys: ApiKey[];
  onRegenerate: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}) {
  const { t } = useTranslation('apiKeys');
  // When the list was drawn: whether a key has expired does not change while one looks at it.
  const [now] = useState(() => Date.now());
  return (
    <ul className="grid gap-3" aria-label={t('list.title')}>
      {keys.map((key) => (
        <ApiKeyRow
          key={key.id}
          apiKey={key}
          now={now}
          onRegenerate={() => onRegenerate(key)}
          onDelete={() => onDelete(key)}
        />
      ))}
    </ul>
  );
}

function ApiKeyRow({
  apiKey,
  now,
  onRegenerate,
  onDelete,
}: {
  apiKey: ApiKey;
  now: number;
  onRegenerate: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('apiKeys');
  const language = i18n.language;
  const [showUsage, setShowUsage] = useState(false);
  const expired = apiKey.expires_at !== null && new Date(apiKey.expires_at).getTime() <= now;
  const usageId = `api-key-usage-${apiKey.id}`;
  return (
    <li className="grid gap-4 rounded-xl border border-border bg-card p-4 shadow-xs" aria-label={apiKey.name}>
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 basis-48 gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
            <span className="break-words">{apiKey.name}</span>
            {expired && <Badge variant="danger">{t('list.expired')}</Badge>}
          </p>
          <p className="font-mono text-sm break-all text-muted-foreground">
            {apiKey.prefix}…{apiKey.last_four}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showUsage}
            aria-controls={usageId}
            onClick={() => setShowUsage((v) => !v)}
          >
            <BarChart3 aria-hidden="true" />
            {showUsage ? t('list.hideUsage') : t('list.showUsage')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onRegenerate}
            disabled={expired}
            aria-label={t('list.regenerateFor', { name: apiKey.name })}
          >
            <RefreshCw aria-hidden="true" />
            {t('list.regenerate')}
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onDelete}
            aria-label={t('list.deleteFor', { name: apiKey.name })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('list.permissions')}>
        {apiKey.permissions.map((permission) => {
          const [resource, access] = permission.split(':') as [string, string];
          return (
            <li key={permission}>
              <Badge variant={access === 'write' ? 'primary' : 'neutral'}>
                {t('list.permission', {
                  resource: t(`resources.${resource}` as 'resources.leads'),
                  access: t(`access.${access}` as 'access.read'),
                })}
              </Badge>
            </li>
          );
        })}
      </ul>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('list.created')}</dt>
          <dd className="text-foreground">{formatDate(apiKey.created_at, language)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('list.lastUsed')}</dt>
          <dd className="text-foreground">
            {apiKey.last_used_at === null ? t('list.never') : formatRelative(apiKey.last_used_at, language)}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('list.expires')}</dt>
          <dd className="text-foreground">
            {apiKey.expires_at === null ? t('list.noExpiry') : formatDate(apiKey.expires_at, language)}
          </dd>
        </div>
      </dl>
      <div id={usageId} hidden={!showUsage}>
        {showUsage && <ApiKeyUsagePanel id={apiKey.id} name={apiKey.name} />}
      </div>
    </li>
  );
}
