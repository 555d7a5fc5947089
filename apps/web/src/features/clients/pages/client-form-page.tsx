import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useMembers } from '../../leads/api/members.ts';
import { BackLink } from '../../../components/back-link.tsx';
import { ClientForm } from '../components/client-form.tsx';

/**
 * /clients/form (spec 01 §2): a client entered directly, with the same form (every field) as
 * the edit on the client's page; once created, its page opens.
 */
export function ClientFormPage() {
  const { t } = useTranslation('clients');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const { members } = useMembers();
  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow={<BackLink to="/clients">{t('detail.back')}</BackLink>}
        title={t('form.createTitle')}
        description={t('form.createDescription')}
      />
      <ClientForm
        client={null}
        members={members}
        onCancel={() => void navigate(lp('/clients'))}
        onSaved={(client) => void navigate(lp(`/clients/${client.id}`))}
      />
    </div>
  );
}
