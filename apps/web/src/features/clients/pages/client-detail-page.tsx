import { SOCIAL_NETWORKS, type Address } from '@leadcapture/contracts/clients';
import { Building, Contact, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading, RecordLoadFailure } from '../../../components/ui/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { memberName, useMembers } from '../../leads/api/members.ts';
import { useClient, useDeleteClient, type Client } from '../api/clients.ts';
import { ClientPriorityBadge, ClientStatusBadge } from '../components/client-badges.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { ClientForm } from '../components/client-form.tsx';
import { contactName, formatAmount } from '../utils/format.ts';

/**
 * /clients/{id} (spec 01 §2): the client's profile in sections, the lead it came from, edit
 * (every field) and delete with a confirmation.
 */
export function ClientDetailPage() {
  const { t } = useTranslation(['clients', 'common']);
  const { lp } = useLocalizedPath();
  const { id = '' } = useParams();
  const remove = useDeleteClient();
  // Once deleted, the client is not fetched again while the page is left.
  const live = !remove.isPending && !remove.isSuccess;
  const client = useClient(id, { enabled: live });
  const [shown, setShown] = useState<Client>();
  if (client.data !== undefined && client.data !== shown) setShown(client.data);
  const data = client.data ?? (live ? undefined : shown);

  if (data === undefined) {
    if (client.isError) {
      return (
        <RecordLoadFailure
          error={client.error}
          eyebrow={<BackLink to="/clients">{t('detail.back')}</BackLink>}
          notFoundTitle={t('detail.notFound')}
          notFoundBody={t('detail.notFoundBody')}
          title={t('detail.metaTitle')}
          loadFailed={t('errors.load')}
          listPath={lp('/clients')}
          backLabel={t('detail.back')}
          onRetry={() => void client.refetch()}
        />
      );
    }
    return (
      <PageLoading>
        <Skeleton className="h-8 w-64 max-w-full" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      </PageLoading>
    );
  }
  return <ClientProfile client={data} remove={remove} />;
}

function ClientProfile({ client, remove }: { client: Client; remove: ReturnType<typeof useDeleteClient> }) {
  const { t, i18n } = useTranslation(['clients', 'settings', 'leads']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const canWrite = me.current_organization?.role !== 'viewer';
  const { members } = useMembers();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = client.company_name;

  const person = (id: string | null) => {
    if (id === null) return null;
    const member = members.find((m) => m.id === id);
    return member === undefined ? t('list.unknownMember') : memberName(member);
  };
  const money = (v: number | null) => formatAmount(v, client.currency, language);
  const day = (v: string | null) => (v === null ? null : formatDate(`${v}T12:00:00Z`, language, 'PP'));
  const instant = (v: string | null) => (v === null ? null : formatDate(v, language, 'PPp'));

  const confirmDelete = () =>
    remove.mutate(client.id, {
      onSuccess: () => {
        toast.success(t('detail.deleted', { name }));
        void navigate(lp('/clients'));
      },
      onError: (error) => {
        setConfirming(false);
        if (!isHandledGlobally(error)) toast.error(t('errors.delete'));
      },
    });

  const contact = contactName(client);
  const socials = SOCIAL_NETWORKS.flatMap((n) => {
    const url = client.social_media[n];
    return url === undefined || url === '' ? [] : [{ network: n, url }];
  });

  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow={<BackLink to="/clients">{t('detail.back')}</BackLink>}
        title={name}
        description={
          <span className="grid gap-2">
            <span className="inline-flex items-center gap-1.5">
              <Building aria-hidden="true" className="size-4 shrink-0" />
              {t(`type.${client.client_type}`)}
              {client.conversion_date !== null &&
                ` · ${t('list.since', { date: formatDate(client.conversion_date, language, 'PP') })}`}
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <ClientStatusBadge status={client.status} />
              <ClientPriorityBadge priority={client.priority} />
            </span>
          </span>
        }
        actions={
          canWrite &&
          !editing && (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {t('detail.edit')}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" />
                {t('detail.delete')}
              </Button>
            </>
          )
        }
      />

      {editing ? (
        <ClientForm
          client={client}
          members={members}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <Section title={t('detail.sections.overview')}>
            <Item label={t('fields.company_name')}>{client.company_name}</Item>
            <Item label={t('fields.client_type')}>{t(`type.${client.client_type}`)}</Item>
            <Item label={t('fields.industry')}>
              {client.industry === null ? null : t(`settings:industries.${client.industry}`)}
            </Item>
            <Item label={t('fields.company_size')}>
              {client.company_size === null ? null : t(`leads:companySize.${client.company_size}`)}
            </Item>
            <Item label={t('fields.website')}>
              {client.website === '' ? null : (
                <a href={client.website} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                  {client.website}
                </a>
              )}
            </Item>
            <Item label={t('fields.organization_number')}>{client.organization_number || null}</Item>
            <Item label={t('fields.vat_id')}>{client.vat_id || null}</Item>
            <Item label={t('fields.lead')}>
              {client.lead === null ? (
                t('detail.noLead')
              ) : (
                <Link to={lp(`/leads/${client.lead}`)} className="text-primary hover:underline">
                  {t('detail.openLead')}
                </Link>
              )}
            </Item>
          </Section>

          <Section title={t('detail.sections.contact')}>
            <Item label={t('columns.contact')}>
              {contact === '' ? null : (
                <span className="inline-flex items-center gap-1.5">
                  <Contact aria-hidden="true" className="size-4" />
                  {contact}
                </span>
              )}
            </Item>
            <Item label={t('fields.contact_job_title')}>{client.contact_job_title || null}</Item>
            <Item label={t('fields.contact_email')}>
              {client.contact_email === '' ? null : (
                <a href={`mailto:${client.contact_email}`} className="text-primary hover:underline">
                  {client.contact_email}
                </a>
              )}
            </Item>
            <Item label={t('fields.contact_phone')}>
              {client.contact_phone === '' ? null : (
                <a href={`tel:${client.contact_phone}`} className="text-primary hover:underline">
                  {client.contact_phone}
                </a>
              )}
            </Item>
            <Item label={t('fields.preferred_contact_method')}>
              {client.preferred_contact_method === null ? null : t(`contactMethod.${client.preferred_contact_method}`)}
            </Item>
            <Item label={t('fields.timezone')}>
              {client.timezone === null ? null : t(`settings:timezones.${client.timezone}`)}
            </Item>
            <Item label={t('fields.language')}>
              {client.language === null ? null : t(`settings:languages.${client.language}`)}
            </Item>
            <Item label={t('fields.social_media')}>
              {socials.length === 0 ? null : (
                <span className="flex flex-wrap gap-x-3 gap-y-1">
                  {socials.map((s) => (
                    <a
                      key={s.network}
                      href={s.url}
                      target="_blank"
                      rel="noreferrer"
                      className="text-primary hover:underline"
                    >
                      {t(`social.${s.network}`)}
                    </a>
                  ))}
                </span>
              )}
            </Item>
          </Section>

          <Section title={t('detail.sections.addresses')}>
            <Item label={t('fields.billing_email')}>{client.billing_email || null}</Item>
            <Item label={t('fields.billing_address')}>
              <AddressLines address={client.billing_address} />
            </Item>
            <Item label={t('fields.delivery_address')}>
              {JSON.stringify(client.delivery_address) === JSON.stringify(client.billing_address) &&
              client.billing_address.street !== '' ? (
                t('detail.sameAsBilling')
              ) : (
                <AddressLines address={client.delivery_address} />
              )}
            </Item>
          </Section>

          <Section title={t('detail.sections.financial')}>
            <Item label={t('fields.currency')}>{client.currency.toUpperCase()}</Item>
            <Item label={t('fields.payment_terms')}>
              {client.payment_terms === null ? null : t(`paymentTerms.${client.payment_terms}`)}
            </Item>
            <Item label={t('fields.credit_limit')}>{money(client.credit_limit)}</Item>
            <Item label={t('fields.estimated_value')}>{money(client.estimated_value)}</Item>
            <Item label={t('fields.actual_value')}>{money(client.actual_value)}</Item>
            <Item label={t('fields.lifetime_value')}>{money(client.lifetime_value)}</Item>
            <Item label={t('fields.acquisition_cost')}>{money(client.acquisition_cost)}</Item>
          </Section>

          <Section title={t('detail.sections.relationship')}>
            <Item label={t('fields.relationship_manager')}>
              {person(client.relationship_manager) ?? t('list.unassigned')}
            </Item>
            <Item label={t('fields.onboarding_status')}>{t(`onboarding.${client.onboarding_status}`)}</Item>
            <Item label={t('fields.satisfaction_score')}>
              {client.satisfaction_score === null ? null : formatNumber(client.satisfaction_score, language)}
            </Item>
            <Item label={t('fields.risk_assessment')}>
              {client.risk_assessment === null ? null : t(`risk.${client.risk_assessment}`)}
            </Item>
            <Item label={t('fields.success_probability')}>
              {client.success_probability === null
                ? null
                : formatNumber(client.success_probability / 100, language, { style: 'percent' })}
            </Item>
          </Section>

          <Section title={t('detail.sections.dates')}>
            <Item label={t('fields.last_contact_date')}>{instant(client.last_contact_date)}</Item>
            <Item label={t('fields.next_follow_up_date')}>{instant(client.next_follow_up_date)}</Item>
            <Item label={t('fields.renewal_date')}>{day(client.renewal_date)}</Item>
            <Item label={t('fields.contract_end_date')}>{day(client.contract_end_date)}</Item>
            <Item label={t('fields.conversion_date')}>{instant(client.conversion_date)}</Item>
            <Item label={t('fields.converted_by')}>{person(client.converted_by)}</Item>
            <Item label={t('fields.created_at')}>{instant(client.created_at)}</Item>
          </Section>

          <Section title={t('detail.sections.more')} wide>
            <Item label={t('fields.tags')}>
              {client.tags.length === 0 ? null : (
                <span className="flex flex-wrap gap-1.5">
                  {client.tags.map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </span>
              )}
            </Item>
            <Item label={t('fields.notes')}>
              {client.notes === '' ? null : <span className="whitespace-pre-wrap">{client.notes}</span>}
            </Item>
            <Item label={t('fields.custom_fields')}>
              {Object.keys(client.custom_fields).length === 0 ? null : (
                <dl className="grid gap-1">
                  {Object.entries(client.custom_fields).map(([key, value]) => (
                    <div key={key} className="flex flex-wrap gap-x-2">
                      <dt className="text-muted-foreground">{key}:</dt>
                      <dd>
                        {typeof value === 'boolean'
                          ? t(value ? 'detail.answerYes' : 'detail.answerNo')
                          : typeof value === 'number'
                            ? formatNumber(value, language)
                            : value}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </Item>
          </Section>
        </div>
      )}

      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title={t('detail.deleteTitle')}
        description={t('detail.deleteBody', { name })}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('form.cancel')}
            </Button>
            <Button variant="destructive" loading={remove.isPending} onClick={confirmDelete}>
              {t('detail.deleteConfirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}

function Section({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Card className={wide ? 'lg:col-span-2' : undefined}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="pt-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-x-6">{children}</dl>
      </CardContent>
    </Card>
  );
}

/** One fact; a value of null shows as "Not given". */
function Item({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('clients');
  return (
    <div className="grid gap-0.5 sm:contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-foreground">
        {children ?? <span className="text-muted-foreground">{t('detail.notGiven')}</span>}
      </dd>
    </div>
  );
}

function AddressLines({ address }: { address: Address }) {
  const { t } = useTranslation(['clients', 'settings']);
  const lines = [
    address.street,
    [address.postal_code, address.city].filter(Boolean).join(' '),
    address.state,
    address.country === '' ? '' : t(`settings:countries.${address.country}`),
  ].filter((l) => l !== '');
  if (lines.length === 0) return <span className="text-muted-foreground">{t('detail.notGiven')}</span>;
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
