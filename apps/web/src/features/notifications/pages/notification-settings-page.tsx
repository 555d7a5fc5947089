import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings.ts';
import { LogsPanel } from '../components/logs-panel.tsx';
import { NotifyTeamDialog } from '../components/notify-team-dialog.tsx';
import { PreferencesTable } from '../components/preferences-table.tsx';
import { TemplatesPanel } from '../components/templates-panel.tsx';
import { HelpLink } from '../../help/api/help-link.tsx';

function HotLeadSetting() {
  const { t } = useTranslation('notifications');
  const query = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [value, setValue] = useState<string | null>(null);
  const current = value ?? String(query.data?.hot_lead_score_threshold ?? '');
  const n = Number(current);
  const invalid = !Number.isInteger(n) || n < 1 || n > 1000;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        update.mutate(
          { hot_lead_score_threshold: n },
          {
            onSuccess: () => {
              setValue(null);
              toast.success(t('settings.hot.saved'));
            },
            onError: () => toast.error(t('settings.hot.failed')),
          },
        );
      }}
    >
      <Field
        label={t('settings.hot.label')}
        help={t('settings.hot.help')}
        error={value !== null && invalid ? t('settings.hot.invalid') : undefined}
        className="w-full max-w-xs"
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          value={current}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="secondary" loading={update.isPending} disabled={value === null}>
        {t('settings.hot.save')}
      </Button>
    </form>
  );
}

/**
 * /settings/notifications: everyone chooses their channels per category; owners and admins also
 * set the hot-lead score, word the organisation's mails, read the delivery logs and notify the team.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  const role = useCurrentUser().current_organization?.role;
  const canManage = role === 'owner' || role === 'admin';
  const [notifying, setNotifying] = useState(false);

  const preferences = (
    <section className="grid gap-4" aria-labelledby="notification-preferences">
      <h2 id="notification-preferences" className="text-lg font-semibold text-foreground">
        {t('settings.preferences.title')}
      </h2>
      <PreferencesTable />
    </section>
  );

  return (
    <div className="grid gap-8">
      <PageHeader
        title={t('settings.title')}
        description={t('settings.description')}
        actions={
          <>
            <HelpLink category="analytics" article="live-updates-and-notifications" />
            {canManage && (
              <Button onClick={() => setNotifying(true)}>
                <Megaphone aria-hidden="true" className="size-4" />
                {t('settings.send.open')}
              </Button>
            )}
          </>
        }
      />
      {canManage ? (
        <Tabs defaultValue="preferences" className="grid gap-6">
          <TabsList>
            <TabsTrigger value="preferences">{t('settings.tabs.preferences')}</TabsTrigger>
            <TabsTrigger value="templates">{t('settings.tabs.templates')}</TabsTrigger>
            <TabsTrigger value="logs">{t('settings.tabs.logs')}</TabsTrigger>
          </TabsList>
          <TabsContent value="preferences" className="grid gap-8">
            {preferences}
            <section className="grid gap-3" aria-labelledby="notification-hot">
              <h2 id="notification-hot" className="text-lg font-semibold text-foreground">
                {t('settings.hot.title')}
              </h2>
              <HotLeadSetting />
            </section>
          </TabsContent>
          <TabsContent value="templates">
            <TemplatesPanel />
          </TabsContent>
          <TabsContent value="logs">
            <LogsPanel />
          </TabsContent>
        </Tabs>
      ) : (
        preferences
      )}
      {canManage && <NotifyTeamDialog open={notifying} onOpenChange={setNotifying} />}
    </div>
  );
}
