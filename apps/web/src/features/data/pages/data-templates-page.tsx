import { DATA_RESOURCES, type DataResource } from '@leadcapture/contracts/data-exports';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateTemplate, useExportColumns } from '../api/data-exports.ts';
import { SavedTemplates } from '../components/templates-panel.tsx';

/** /dashboard/data/templates: save an export column set; the saved templates and blank import files. */
export function DataTemplatesPage() {
  const { t } = useTranslation('data');
  const [resource, setResource] = useState<DataResource>('leads');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; columns?: string }>({});
  const columns = useExportColumns(resource);
  const create = useCreateTemplate();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (picked.length === 0) {
      setErrors({ columns: t('templates.noColumns') });
      return;
    }
    create.mutate(
      { kind: 'export', resource, name, columns: picked },
      {
        onSuccess: () => {
          toast.success(t('templates.saved'));
          setName('');
          setPicked([]);
          setErrors({});
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 422) {
            const details = (err.details ?? {}) as Record<string, string[] | undefined>;
            setErrors({ name: details.name?.[0], columns: details.columns?.[0] });
          }
        },
      },
    );
  };

  return (
    <div className="grid gap-6">
      <BackLink to="/dashboard/data?tab=templates">{t('title')}</BackLink>
      <PageHeader title={t('templates.pageTitle')} description={t('templates.pageDescription')} />
      <Card>
        <CardHeader>
          <CardTitle>{t('templates.newTitle')}</CardTitle>
        </CardHeader>
        <form className="grid gap-4 px-6 pb-6" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('templates.name')} error={errors.name} required>
              <Input value={name} maxLength={120} required onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field label={t('templates.resource')}>
              <Select
                value={resource}
                onChange={(e) => {
                  setResource(e.target.value as DataResource);
                  setPicked([]);
                }}
                options={DATA_RESOURCES.map((r) => ({ value: r, label: t(`resources.${r}`) }))}
              />
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('templates.pickColumns')}</legend>
            <QueryState query={columns} errorMessage={t('templates.columnsFailed')}>
              {(list) => (
                <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                  {list.map((c) => (
                    <Checkbox
                      key={c.code}
                      label={c.label}
                      checked={picked.includes(c.code)}
                      onChange={(e) =>
                        setPicked((now) => (e.target.checked ? [...now, c.code] : now.filter((x) => x !== c.code)))
                      }
                    />
                  ))}
                </div>
              )}
            </QueryState>
            {errors.columns !== undefined && (
              <p role="alert" className="text-sm text-destructive">
                {errors.columns}
              </p>
            )}
          </fieldset>
          <div>
            <Button type="submit" disabled={create.isPending}>
              {t('templates.save')}
            </Button>
          </div>
        </form>
      </Card>
      <SavedTemplates showManageLink={false} />
    </div>
  );
}
