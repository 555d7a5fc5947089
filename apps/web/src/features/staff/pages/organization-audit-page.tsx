import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paginated } from '@leadcapture/contracts/envelope';
import { auditLogEntrySchema } from '@leadcapture/contracts/staff';
import { ErrorPage } from '../../../components/error-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { api, isApiError } from '../../../lib/api-client.ts';
import { staffErrorText } from '../api/staff-errors.ts';
import { AuditLogTable } from '../components/audit-log-table.tsx';
import { HelpLink } from '../../help/api/help-link.tsx';

/** /settings/audit-log: the organisation's audit log for its owners (GET /api/v1/audit-logs/). */
export function OrganizationAuditPage() {
  const { t } = useTranslation('staff');
  const [action, setAction] = useState('');
  const query = useQuery({
    queryKey: ['audit-logs', action],
    queryFn: () =>
      api.get('/audit-logs/', {
        params: { ...(action ? { action } : {}), page_size: 100 },
        quiet: true,
        schema: paginated(auditLogEntrySchema),
      }),
    retry: false,
  });
  const forbidden = isApiError(query.error) && query.error.status === 403;
  // Not an owner: the 403 page with why (spec 02 §8: the error's own message first).
  if (forbidden) return <ErrorPage status={403} message={t('orgAudit.ownersOnly')} fullScreen={false} />;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('orgAudit.title')}
        description={t('orgAudit.intro')}
        actions={<HelpLink category="security" article="audit-log" />}
      />
      <Field label={t('orgAudit.actionFilter')}>
        <Input value={action} onChange={(e) => setAction(e.target.value)} placeholder="staff.impersonation" />
      </Field>
      {query.error && <FormAlert>{staffErrorText(t, query.error)}</FormAlert>}
      {query.data && <AuditLogTable rows={query.data.results} />}
    </div>
  );
}
