import type { ApiKey, ApiKeyWithSecret } from '@leadcapture/contracts/api-keys';
import { KeyRound, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useApiKeyChanges, useApiKeys } from '../api/api-keys.ts';
import { canManageApiKeys, NoApiKeyAccess } from '../components/api-key-access.tsx';
import { ApiDocsPanel } from '../components/api-docs-panel.tsx';
import { ApiKeyList } from '../components/api-key-list.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { NewKeyDialog } from '../components/new-key-dialog.tsx';
import { HelpLink } from '../../help/api/help-link.tsx';

// The form (react-hook-form and its zod resolver) loads when the dialog opens.
const CreateApiKeyDialog = lazy(() =>
  import('../components/create-api-key-dialog.tsx').then((m) => ({ default: m.CreateApiKeyDialog })),
);

/**
 * /settings/api-keys (spec 01 §2, 03-decisions §4a): owners and admins create keys (the full key
 * shown once), regenerate and delete them (confirmed), see each one's use over 30 days; everyone
 * finds how to call the API.
 */
export function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const me = useCurrentUser();
  const organization = me.current_organization;
  const allowed = canManageApiKeys(organization?.role);
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid gap-8">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <>
            <HelpLink category="integrations" article="create-api-keys" />
            {allowed && (
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                {t('page.create')}
              </Button>
            )}
          </>
        }
      />
      {allowed ? (
        <ApiKeys creating={creating} onCloseCreate={() => setCreating(false)} onCreate={() => setCreating(true)} />
      ) : (
        <NoApiKeyAccess organization={organization?.name ?? ''} />
      )}
      <ApiDocsPanel />
    </div>
  );
}

function ApiKeys({
  creating,
  onCreate,
  onCloseCreate,
}: {
  creating: boolean;
  onCreate: () => void;
  onCloseCreate: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const keys = useApiKeys(true);
  const changes = useApiKeyChanges();
  const [shown, setShown] = useState<ApiKeyWithSecret | null>(null);
  const [regenerating, setRegenerating] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);

  const reason = (error: unknown) => (isApiError(error) && error.status < 500 ? error.message : undefined);

  const regenerate = (key: ApiKey) =>
    changes.regenerate.mutate(key.id, {
      onSuccess: (fresh) => {
        setShown(fresh);
        toast.success(t('regenerate.done', { name: key.name }));
      },
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('errors.regenerateFailed'), { message: reason(error) });
      },
      onSettled: () => setRegenerating(null),
    });

  const remove = (key: ApiKey) =>
    changes.remove.mutate(key.id, {
      onSuccess: () => toast.success(t('delete.done', { name: key.name })),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('errors.deleteFailed'), { message: reason(error) });
      },
      onSettled: () => setDeleting(null),
    });

  return (
    <Card aria-labelledby="api-keys-title">
      <CardHeader className="grid gap-1">
        <CardTitle id="api-keys-title">{t('list.title')}</CardTitle>
        <CardDescription>{t('list.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={keys}
          errorMessage={t('list.loadFailed')}
          rows={2}
          rowClassName="h-28 w-full rounded-xl"
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={KeyRound}
              headingLevel={3}
              title={t('list.emptyTitle')}
              description={t('list.emptyBody')}
              action={
                <Button size="sm" onClick={onCreate}>
                  <Plus aria-hidden="true" />
                  {t('page.create')}
                </Button>
              }
            />
          }
        >
          {(list) => <ApiKeyList keys={list} onRegenerate={setRegenerating} onDelete={setDeleting} />}
        </QueryState>
      </CardContent>
      {creating && (
        <Suspense fallback={null}>
          <CreateApiKeyDialog
            create={changes.create}
            onCreated={(key) => {
              onCloseCreate();
              setShown(key);
              toast.success(t('create.done', { name: key.name }));
            }}
            onClose={onCloseCreate}
          />
        </Suspense>
      )}
      {shown !== null && <NewKeyDialog apiKey={shown} onClose={() => setShown(null)} />}
      {regenerating !== null && (
        <ConfirmDialog
          destructive
          title={t('regenerate.title', { name: regenerating.name })}
          body={t('regenerate.body')}
          confirmLabel={t('regenerate.confirm')}
          cancelLabel={t('actions.keep')}
          pending={changes.regenerate.isPending}
          onConfirm={() => regenerate(regenerating)}
          onClose={() => setRegenerating(null)}
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          destructive
          title={t('delete.title', { name: deleting.name })}
          body={t('delete.body')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('actions.keep')}
          pending={changes.remove.isPending}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
