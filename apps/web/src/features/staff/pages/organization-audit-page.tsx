import { isAuditCategory } from '@leadcapture/contracts/audit';
import { paginated } from '@leadcapture/contracts/envelope';
import { auditLogEntrySchema } from '@leadcapture/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/error-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { api, isApiError } from '../../../lib/api-client.ts';
import { HelpLink } from '../../help/api/help-link.tsx';
import { staffErrorText } from '../api/staff-errors.ts';
import { auditCategoryOptions } from '../components/audit-labels.ts';
import { AuditLogTable } from '../components/audit-log-table.tsx';
import { useAddressParams } from '../../../lib/use-address-params.ts';

/**
 * /settings/audit-log: the organisation's audit log for its owners (GET /api/v1/audit-logs/),
 * filtered by a category kept in the address (`?category=billing`).
 */
export function OrganizationAuditPage() {
  const { t } = useTranslation('staff');
  const [params, setParams] = useAddressParams();
  const given = params.get('category') ?? '';
  const category = isAuditCategory(given) ? given : '';
  const query = useQuery({
    queryKey: ['audit-logs', category],
    queryFn: () =>
      api.get('/audit-logs/', {
        params: { ...(category ? { category } : {}), page_size: 100 },
        quiet: true,
        schema: paginated(auditLogEntrySchema),
      }),
    retry: false,
  });
  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('category', value);
        else next.delete('category');
        return next;
      },
      { replace: true },
    );
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
      <Field label={t('orgAudit.categoryFilter')} className="max-w-sm">
        <Select
          value={category}
          onChange={(e) => choose(e.target.value)}
          placeholder={t('orgAudit.allCategories')}
          options={auditCategoryOptions(t)}
        />
      </Field>
      {query.error && <FormAlert>{staffErrorText(t, query.error)}</FormAlert>}
      {query.data && <AuditLogTable rows={query.data.results} />}
    </div>
  );
}
