import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatDate } from '../../../lib/format.ts';
import { staffApi, staffKeys } from '../api/staff-api.ts';
import { staffErrorText } from '../api/staff-errors.ts';
import { useStaffLabels } from '../components/staff-labels.ts';

/** /staff/organizations: search; plan and status, members and leads of each. */
export function StaffOrganizationsPage() {
  const { t, i18n } = useTranslation('staff');
  const { lp } = useLocalizedPath();
  const labels = useStaffLabels();
  const [search, setSearch] = useState('');
  const query = useQuery({ queryKey: staffKeys.organizations(search), queryFn: () => staffApi.organizations(search) });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('organizations.title')}</h1>
      <Field label={t('organizations.search')} hideLabel>
        <Input
          type="search"
          placeholder={t('organizations.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field>
      {query.error && <FormAlert>{staffErrorText(t, query.error)}</FormAlert>}
      {query.data?.results.length === 0 && <p className="text-muted-foreground">{t('organizations.empty')}</p>}
      {query.data && query.data.results.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('organizations.title')}</TableHead>
              <TableHead>{t('organizations.plan')}</TableHead>
              <TableHead>{t('organizations.status')}</TableHead>
              <TableHead>{t('organizations.members')}</TableHead>
              <TableHead>{t('organizations.leads')}</TableHead>
              <TableHead>{t('organizations.created')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.data.results.map((o) => (
              <TableRow key={o.id}>
                <TableCell className="font-medium">
                  <Link
                    className="font-medium text-primary-soft-foreground underline-offset-4 hover:underline"
                    to={lp(`/staff/organizations/${o.id}`)}
                  >
                    {o.name}
                  </Link>
                </TableCell>
                <TableCell>{labels.plan(o.plan)}</TableCell>
                <TableCell>{labels.subscription(o.subscription_status)}</TableCell>
                <TableCell>{o.members}</TableCell>
                <TableCell>{o.leads}</TableCell>
                <TableCell>{formatDate(o.created_at, i18n.language)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
