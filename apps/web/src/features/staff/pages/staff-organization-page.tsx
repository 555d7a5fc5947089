import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatDate } from '../../../lib/format.ts';
import { staffApi, staffKeys } from '../api/staff-api.ts';
import { staffErrorText } from '../api/staff-errors.ts';
import { AuditLogTable } from '../components/audit-log-table.tsx';
import { useStaffLabels } from '../components/staff-labels.ts';

/** /staff/organizations/:id: plan and status, members, recent activity and sign-ins. */
export function StaffOrganizationPage() {
  const { t, i18n } = useTranslation('staff');
  const { lp } = useLocalizedPath();
  const labels = useStaffLabels();
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: staffKeys.organization(id), queryFn: () => staffApi.organization(id) });
  const detail = query.data;
  return (
    <div className="space-y-4">
      <Link
        className="text-sm font-medium text-primary-soft-foreground underline-offset-4 hover:underline"
        to={lp('/staff/organizations')}
      >
        {t('organization.back')}
      </Link>
      {query.error && <FormAlert>{staffErrorText(t, query.error)}</FormAlert>}
      {query.isPending && <p className="text-muted-foreground">{t('health.loading')}</p>}
      {detail && (
        <>
          <h1 className="text-2xl font-semibold break-words">{detail.organization.name}</h1>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
            <div>
              <dt className="text-muted-foreground">{t('organizations.plan')}</dt>
              <dd className="font-semibold">{labels.plan(detail.organization.plan)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('organizations.status')}</dt>
              <dd className="font-semibold">{labels.subscription(detail.organization.subscription_status)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('organizations.members')}</dt>
              <dd className="font-semibold">{detail.organization.members}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('organizations.leads')}</dt>
              <dd className="font-semibold">{detail.organization.leads}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('organizations.created')}</dt>
              <dd className="font-semibold">{formatDate(detail.organization.created_at, i18n.language)}</dd>
            </div>
          </dl>
          <Card>
            <CardHeader>
              <CardTitle>{t('organization.members')}</CardTitle>
            </CardHeader>
            <CardContent>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('organization.person')}</TableHead>
                    <TableHead>{t('organization.role')}</TableHead>
                    <TableHead>{t('organizations.status')}</TableHead>
                    <TableHead>{t('organization.lastLogin')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {detail.members.map((m) => (
                    <TableRow key={m.user_id}>
                      <TableCell>
                        <div className="font-medium">{m.name}</div>
                        <div className="text-muted-foreground text-xs break-all">{m.email}</div>
                      </TableCell>
                      <TableCell>{labels.role(m.role)}</TableCell>
                      <TableCell>{labels.memberStatus(m.status)}</TableCell>
                      <TableCell>
                        {m.last_login_at ? formatDate(m.last_login_at, i18n.language) : t('organization.never')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('organization.signIns')}</CardTitle>
            </CardHeader>
            <CardContent>
              <AuditLogTable rows={detail.sign_ins} showCodes />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('organization.activity')}</CardTitle>
            </CardHeader>
            <CardContent>
              <AuditLogTable rows={detail.recent_activity} showCodes />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
