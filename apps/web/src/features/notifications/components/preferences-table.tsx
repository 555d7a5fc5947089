import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationPreference,
} from '@leadcapture/contracts/notifications';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { toast } from '../../../lib/toast.ts';
import { usePreferences, useUpdatePreferences } from '../api/notification-settings.ts';

type Toggle = 'in_app' | 'email' | 'push' | 'digest';
const TOGGLES: readonly Toggle[] = ['in_app', 'email', 'push', 'digest'];

/**
 * The member's channels per category: a table of switches (native checkboxes, labelled with the
 * category and channel for screen readers). Each change is saved at once.
 */
export function PreferencesTable() {
  const { t } = useTranslation('notifications');
  const query = usePreferences();
  const update = useUpdatePreferences();

  const change = (category: NotificationCategory, toggle: Toggle, value: boolean) => {
    update.mutate(
      { preferences: [{ category, [toggle]: value }] },
      {
        onSuccess: () => toast.success(t('settings.preferences.saved')),
        onError: () => toast.error(t('settings.preferences.saveFailed')),
      },
    );
  };

  // Each member's own hour (0-23, the organisation's timezone), saved at once like the switches.
  const changeHour = (hour: number) => {
    update.mutate(
      { digest_hour: hour },
      {
        onSuccess: () => toast.success(t('settings.preferences.saved')),
        onError: () => toast.error(t('settings.preferences.saveFailed')),
      },
    );
  };
  const hours = Array.from({ length: 24 }, (_, hour) => {
    const label = `${String(hour).padStart(2, '0')}:00`;
    return { value: String(hour), label };
  });

  return (
    <QueryState query={query} errorMessage={t('settings.loadFailed')} loadingLabel={t('settings.preferences.loading')}>
      {(data) => {
        const byCategory = new Map<NotificationCategory, NotificationPreference>(
          data.preferences.map((p) => [p.category, p]),
        );
        return (
          <div className="grid gap-3">
            {/* A table from sm up; on a phone each category is a block with its four switches
                labelled under them (the header row is hidden there), so nothing scrolls sideways. */}
            <Table>
              <TableHeader className="hidden sm:table-header-group">
                <TableRow>
                  <TableHead>{t('settings.preferences.category')}</TableHead>
                  {TOGGLES.map((toggle) => (
                    <TableHead key={toggle} className="text-center">
                      {t(`settings.channels.${toggle}`)}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody className="block sm:table-row-group">
                {NOTIFICATION_CATEGORIES.map((category) => {
                  const pref = byCategory.get(category);
                  if (!pref) return null;
                  return (
                    <TableRow key={category} className="grid grid-cols-4 gap-y-2 py-3 sm:table-row sm:py-0">
                      <TableCell className="col-span-4 py-0 sm:table-cell sm:py-3">
                        <span className="grid gap-0.5">
                          <span className="font-medium text-foreground">
                            {t(`settings.categories.${category}.title`)}
                          </span>
                          <span className="text-xs text-muted-foreground">
                            {t(`settings.categories.${category}.body`)}
                          </span>
                        </span>
                      </TableCell>
                      {TOGGLES.map((toggle) => {
                        const disabled = toggle === 'digest' && !pref.email;
                        return (
                          <TableCell
                            key={toggle}
                            className="flex flex-col-reverse items-center gap-1 px-1 py-0 text-center sm:table-cell sm:px-4 sm:py-3"
                          >
                            <span aria-hidden="true" className="text-xs text-muted-foreground sm:hidden">
                              {t(`settings.channels.${toggle}`)}
                            </span>
                            <input
                              type="checkbox"
                              className="size-5 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 sm:size-4"
                              aria-label={t('settings.preferences.toggle', {
                                channel: t(`settings.channels.${toggle}`),
                                category: t(`settings.categories.${category}.title`),
                              })}
                              checked={pref[toggle]}
                              disabled={disabled}
                              onChange={(e) => change(category, toggle, e.target.checked)}
                            />
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <Field
              label={t('settings.preferences.digestHour')}
              help={t('settings.preferences.digestHelp', {
                hour: String(data.digest_hour).padStart(2, '0'),
                timezone: data.timezone,
              })}
              className="max-w-md"
            >
              <Select
                options={hours}
                value={String(data.digest_hour)}
                onChange={(e) => changeHour(Number(e.target.value))}
              />
            </Field>
            <p className="text-sm text-muted-foreground">{t('settings.preferences.pushHelp')}</p>
          </div>
        );
      }}
    </QueryState>
  );
}
