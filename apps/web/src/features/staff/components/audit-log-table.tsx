import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '@leadcapture/contracts/staff';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDate } from '../../../lib/format.ts';

/** Audit rows: when, what, who (a staff member acting as a user says both), and the reason. */
export function AuditLogTable({ rows }: { rows: readonly AuditLogEntry[] }) {
  const { t, i18n } = useTranslation('staff');
  if (rows.length === 0) return <p className="text-muted-foreground">{t('audit.empty')}</p>;
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('audit.when')}</TableHead>
            <TableHead>{t('audit.action')}</TableHead>
            <TableHead>{t('audit.who')}</TableHead>
            <TableHead>{t('audit.details')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const user = row.user_email ?? row.user_id ?? '';
            const who = row.staff_email ? t('audit.staffAs', { staff: row.staff_email, user }) : user;
            const reason = typeof row.metadata.reason === 'string' ? row.metadata.reason : null;
            const request =
              typeof row.metadata.method === 'string' && typeof row.metadata.path === 'string'
                ? `${row.metadata.method} ${row.metadata.path} → ${String(row.metadata.status)}`
                : null;
            return (
              <TableRow key={row.id}>
                <TableCell className="whitespace-nowrap">{formatDate(row.created_at, i18n.language, 'PPpp')}</TableCell>
                <TableCell className="font-mono text-xs">{row.action}</TableCell>
                <TableCell>{who}</TableCell>
                <TableCell className="text-sm text-muted-foreground">
                  {request && <div className="font-mono text-xs">{request}</div>}
                  {reason && <div>{t('audit.reason', { reason })}</div>}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
