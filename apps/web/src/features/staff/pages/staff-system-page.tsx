import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuntimeSettings } from '@leadcapture/contracts/staff';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { staffApi, staffKeys } from '../api/staff-api.ts';
import { staffErrorText } from '../api/staff-errors.ts';
import { HealthPanel } from '../components/health-panel.tsx';
import { useStaffLabels } from '../components/staff-labels.ts';

function SettingsForm({ initial }: { initial: RuntimeSettings }) {
  const { t } = useTranslation('staff');
  const [value, setValue] = useState(initial);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        staffApi.saveSettings(value).then(
          (saved) => {
            setValue(saved);
            setMessage({ tone: 'success', text: t('system.saved') });
          },
          (err: unknown) => setMessage({ tone: 'error', text: staffErrorText(t, err) }),
        );
      }}
    >
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value.signups_open}
          onChange={(e) => setValue({ ...value, signups_open: e.target.checked })}
        />
        {t('system.signupsOpen')}
      </label>
      <Field label={t('system.trialDays')}>
        <Input
          type="number"
          min={1}
          max={90}
          value={value.trial_days}
          onChange={(e) => setValue({ ...value, trial_days: Number(e.target.value) })}
        />
      </Field>
      <Button type="submit">{t('system.save')}</Button>
    </form>
  );
}

/** /staff/system: health (/staff/health/, every 15 s), run-time settings and stats (admin). */
export function StaffSystemPage() {
  const { t } = useTranslation('staff');
  const labels = useStaffLabels();
  const health = useQuery({ queryKey: staffKeys.health, queryFn: staffApi.health, refetchInterval: 15_000 });
  const settings = useQuery({ queryKey: staffKeys.settings, queryFn: staffApi.settings, retry: false });
  const stats = useQuery({ queryKey: staffKeys.stats, queryFn: staffApi.stats, retry: false });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('system.title')}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{t('system.health')}</CardTitle>
        </CardHeader>
        <CardContent>
          {health.data ? (
            <HealthPanel health={health.data} />
          ) : health.isPending ? (
            <p className="text-muted-foreground text-sm">{t('health.loading')}</p>
          ) : (
            <FormAlert>{t('health.unavailable')}</FormAlert>
          )}
        </CardContent>
      </Card>
      {settings.error ? (
        <FormAlert>{t('system.adminOnly')}</FormAlert>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t('system.settings')}</CardTitle>
          </CardHeader>
          <CardContent>{settings.data && <SettingsForm initial={settings.data} />}</CardContent>
        </Card>
      )}
      {stats.data && (
        <Card>
          <CardHeader>
            <CardTitle>{t('system.stats')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <dl className="grid grid-cols-3 gap-2">
              <div>
                <dt className="text-muted-foreground">{t('system.organizations')}</dt>
                <dd className="text-xl font-semibold">{stats.data.organizations}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('system.users')}</dt>
                <dd className="text-xl font-semibold">{stats.data.users}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('system.leads')}</dt>
                <dd className="text-xl font-semibold">{stats.data.leads}</dd>
              </div>
            </dl>
            <h3 className="font-semibold">{t('system.outbox')}</h3>
            <dl className="grid grid-cols-3 gap-2">
              <div>
                <dt className="text-muted-foreground">{t('system.pending')}</dt>
                <dd className="text-xl font-semibold">{stats.data.outbox.pending}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('system.failed')}</dt>
                <dd className="text-xl font-semibold">{stats.data.outbox.failed}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('system.mailFailed')}</dt>
                <dd className="text-xl font-semibold">{stats.data.outbox.mail_failed_24h}</dd>
              </div>
            </dl>
            <h3 className="font-semibold">{t('system.plans')}</h3>
            <ul>
              {stats.data.plans.map((p) => (
                <li key={p.plan}>
                  {labels.plan(p.plan)}: {p.organizations}
                </li>
              ))}
            </ul>
            <h3 className="font-semibold">{t('system.leadsPerDay')}</h3>
            <ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-5">
              {stats.data.leads_per_day.map((d) => (
                <li key={d.day}>
                  {d.day}: {d.leads}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
