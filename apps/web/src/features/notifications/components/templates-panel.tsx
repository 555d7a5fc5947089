import {
  EDITABLE_MAIL_TEMPLATES,
  MAIL_LANGUAGES,
  type EditableMailTemplate,
  type MailLanguage,
  type MailPreview,
} from '@leadcapture/contracts/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useMailTemplates, useTemplateActions } from '../api/notification-settings.ts';

type Draft = { subject: string; body: string };

/**
 * Owners and admins word the organisation's mails their own way, per language: subject and body
 * with the template's {{placeholders}}, a preview with sample data, and a reset to the default.
 */
export function TemplatesPanel() {
  const { t } = useTranslation('notifications');
  const query = useMailTemplates();
  const actions = useTemplateActions();
  const [key, setKey] = useState<EditableMailTemplate>('lead_new');
  const [language, setLanguage] = useState<MailLanguage>('en');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const draftKey = `${key}:${language}`;

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 422) {
      const details = (err.details ?? {}) as Record<string, string[] | undefined>;
      setErrors({ subject: details.subject?.[0] ?? '', body: details.body?.[0] ?? '' });
      return;
    }
    toast.error(t('settings.templates.saveFailed'));
  };

  return (
    <QueryState query={query} errorMessage={t('settings.loadFailed')} loadingLabel={t('settings.templates.loading')}>
      {(templates) => {
        const template = templates.find((x) => x.key === key);
        const version = template?.versions.find((v) => v.language === language);
        if (!template || !version) return null;
        const draft = drafts[draftKey] ?? { subject: version.subject, body: version.body };
        const edit = (patch: Partial<Draft>) => {
          setErrors({});
          setDrafts((d) => ({ ...d, [draftKey]: { ...draft, ...patch } }));
        };
        const forget = () =>
          setDrafts((d) => {
            const { [draftKey]: _dropped, ...rest } = d;
            return rest;
          });
        return (
          <div className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('settings.templates.template')}>
                <Select
                  value={key}
                  onChange={(e) => {
                    setKey(e.target.value as EditableMailTemplate);
                    setPreview(null);
                    setErrors({});
                  }}
                  options={EDITABLE_MAIL_TEMPLATES.map((k) => ({ value: k, label: t(`settings.templateNames.${k}`) }))}
                />
              </Field>
              <Field label={t('settings.templates.language')}>
                <Select
                  value={language}
                  onChange={(e) => {
                    setLanguage(e.target.value as MailLanguage);
                    setPreview(null);
                    setErrors({});
                  }}
                  options={MAIL_LANGUAGES.map((l) => ({ value: l, label: t(`settings.languages.${l}`) }))}
                />
              </Field>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              {version.is_customized ? (
                <Badge>{t('settings.templates.customized')}</Badge>
              ) : (
                <Badge>{t('settings.templates.default')}</Badge>
              )}
              <span>
                {t('settings.templates.variables', { list: template.variables.map((v) => `{{${v}}}`).join(', ') })}
              </span>
            </div>
            <Field label={t('settings.templates.subject')} error={errors.subject || undefined} required>
              <Input value={draft.subject} maxLength={200} onChange={(e) => edit({ subject: e.target.value })} />
            </Field>
            <Field label={t('settings.templates.body')} error={errors.body || undefined} required>
              <Textarea rows={8} value={draft.body} maxLength={5000} onChange={(e) => edit({ body: e.target.value })} />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button
                loading={actions.save.isPending}
                onClick={() =>
                  actions.save.mutate(
                    { key, language, ...draft },
                    {
                      onSuccess: () => {
                        forget();
                        toast.success(t('settings.templates.saved'));
                      },
                      onError: failed,
                    },
                  )
                }
              >
                {t('settings.templates.save')}
              </Button>
              <Button
                variant="secondary"
                loading={actions.preview.isPending}
                onClick={() =>
                  actions.preview.mutate({ key, language, ...draft }, { onSuccess: setPreview, onError: failed })
                }
              >
                {t('settings.templates.preview')}
              </Button>
              <Button
                variant="ghost"
                disabled={!version.is_customized}
                loading={actions.reset.isPending}
                onClick={() =>
                  actions.reset.mutate(
                    { key, language },
                    {
                      onSuccess: () => {
                        forget();
                        setPreview(null);
                        toast.success(t('settings.templates.resetDone'));
                      },
                    },
                  )
                }
              >
                {t('settings.templates.reset')}
              </Button>
            </div>
            {preview && (
              <section
                aria-label={t('settings.templates.previewTitle')}
                className="grid gap-2 rounded-xl border border-border bg-muted/40 p-4"
              >
                <h3 className="font-semibold text-foreground">{t('settings.templates.previewTitle')}</h3>
                <p className="text-sm">
                  <span className="text-muted-foreground">{t('settings.templates.subject')}: </span>
                  {preview.subject}
                </p>
                <pre className="whitespace-pre-wrap font-sans text-sm text-foreground">{preview.text}</pre>
              </section>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
