import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { staffApi, staffKeys } from '../api/staff-api.ts';
import { staffErrorText } from '../api/staff-errors.ts';
import { AuditLogTable } from '../components/audit-log-table.tsx';

/** /staff/audit: every organisation's audit log and the staff's own actions. */
export function StaffAuditPage() {
  const { t } = useTranslation('staff');
  const [action, setAction] = useState('');
  const query = useQuery({ queryKey: staffKeys.audit(action, 1), queryFn: () => staffApi.audit(action, 1) });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('audit.title')}</h1>
      <Field label={t('audit.actionFilter')}>
        <Input value={action} onChange={(e) => setAction(e.target.value)} placeholder="staff.impersonation" />
      </Field>
      {query.error && <FormAlert>{staffErrorText(t, query.error)}</FormAlert>}
      {query.data && <AuditLogTable rows={query.data.results} showCodes />}
    </div>
  );
}
