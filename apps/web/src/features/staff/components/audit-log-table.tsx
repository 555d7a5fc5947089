import type { AuditLogEntry } from '@leadcapture/contracts/staff';
import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { auditActionLabel, auditUser, isStaffRow } from './audit-labels.ts';

const NAMES_USER = new Set(['staff.impersonation_started', 'impersonation.request', 'staff.impersonation_ended']);

type Props = {
  rows: readonly AuditLogEntry[];
  /** The staff console also shows each row's action code, small, under its words. */
  showCodes?: boolean;
};

/** What one row says, in the owner's words: what happened, who did it, and why (staff). */
function useRowText(showCodes: boolean) {
  const { t, i18n } = useTranslation('staff');
  return (row: AuditLogEntry) => {
    const user = auditUser(row);
    const reason = isStaffRow(row) && typeof row.metadata.reason === 'string' ? row.metadata.reason : null;
    const request =
      typeof row.metadata.method === 'string' && typeof row.metadata.path === 'string'
        ? `${row.metadata.method} ${row.metadata.path} → ${String(row.metadata.status)}`
        : null;
    return {
      when: formatDate(row.created_at, i18n.language, 'PPpp'),
      what: auditActionLabel(t, row),
      code: showCodes ? row.action : null,
      who: row.staff_email ? t('audit.staffMember', { staff: row.staff_email }) : user,
      // The impersonation's own rows name the user in their words already.
      onBehalf: row.staff_email && user && !NAMES_USER.has(row.action) ? t('audit.asUser', { user }) : null,
      reason: reason ? t('audit.reason', { reason }) : null,
      request,
      ip: row.ip_address ? t('audit.ip', { ip: row.ip_address }) : null,
    };
  };
}

type RowText = ReturnType<ReturnType<typeof useRowText>>;

function Details({ text }: { text: RowText }) {
  return (
    <>
      {text.reason && <p className="text-foreground">{text.reason}</p>}
      {text.request && <p className="font-mono text-xs break-all">{text.request}</p>}
      {text.ip && <p className="text-xs">{text.ip}</p>}
    </>
  );
}

function Who({ text }: { text: RowText }) {
  return (
    <>
      <span className="break-words">{text.who}</span>
      {text.onBehalf && <span className="block text-sm break-words text-muted-foreground">{text.onBehalf}</span>}
    </>
  );
}

/**
 * Audit rows: when, what (in words), who (a staff member acting as a user says both) and the
 * details (the staff member's reason, the request made). A list of cards on a phone, a table from
 * the md breakpoint: neither scrolls sideways.
 */
export function AuditLogTable({ rows, showCodes = false }: Props) {
  const { t } = useTranslation('staff');
  const textOf = useRowText(showCodes);
  if (rows.length === 0) return <p className="text-muted-foreground">{t('audit.empty')}</p>;
  const texts = rows.map((row) => ({ id: row.id, text: textOf(row) }));
  return (
    <>
      <ul className="grid gap-3 md:hidden" aria-label={t('audit.title')}>
        {texts.map(({ id, text }) => (
          <li key={id} className="grid gap-1 rounded-xl border border-border bg-card p-4 text-sm">
            <p className="font-medium text-foreground">{text.what}</p>
            {text.code && <p className="font-mono text-xs text-muted-foreground">{text.code}</p>}
            <p className="text-muted-foreground">
              <time>{text.when}</time>
            </p>
            <div className="text-muted-foreground">
              <Who text={text} />
            </div>
            <div className="text-muted-foreground">
              <Details text={text} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <Table aria-label={t('audit.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('audit.when')}</TableHead>
              <TableHead>{t('audit.action')}</TableHead>
              <TableHead>{t('audit.who')}</TableHead>
              <TableHead>{t('audit.details')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {texts.map(({ id, text }) => (
              <TableRow key={id}>
                <TableCell className="whitespace-nowrap">{text.when}</TableCell>
                <TableCell>
                  {text.what}
                  {text.code && <span className="block font-mono text-xs text-muted-foreground">{text.code}</span>}
                </TableCell>
                <TableCell>
                  <Who text={text} />
                </TableCell>
                <TableCell className="text-sm text-muted-foreground">
                  <Details text={text} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
