import {
  DATA_EXPORT_FORMATS,
  DATA_RESOURCES,
  type DataExportFormat,
  type DataResource,
  type ExportFilters,
} from '@leadcapture/contracts/data-exports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateExport, useTemplates } from '../api/data-exports.ts';

export type ExportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the list asked to export (from the leads or clients list's Export). */
  initialResource?: DataResource;
  /** The list's filters, sent with the export as they are. */
  filters?: ExportFilters;
  /**
   * Opened from a list: once started, the dialog says so and links to the data centre's
   * exports (its progress and download) instead of closing.
   */
  linkToProgress?: boolean;
};

/** A short, readable account of the filters: `status: new, search: anna`. */
export function describeFilters(filters: ExportFilters): string {
  return Object.entries(filters)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

/** The data centre's export dialog: what, which format, which saved column set, for re-import. */
export function ExportDialog({
  open,
  onOpenChange,
  initialResource = 'leads',
  filters = {},
  linkToProgress = false,
}: ExportDialogProps) {
  const { t } = useTranslation('data');
  const { lp } = useLocalizedPath();
  const [started, setStarted] = useState(false);
  const [resource, setResource] = useState<DataResource>(initialResource);
  const [format, setFormat] = useState<DataExportFormat>('xlsx');
  const [templateId, setTemplateId] = useState('');
  const [forReimport, setForReimport] = useState(false);
  const templates = useTemplates({ kind: 'export', resource });
  const create = useCreateExport();
  const hasFilters = Object.keys(filters).length > 0 && resource === initialResource;
  const chosen = templates.data?.find((x) => x.id === templateId);

  const start = () => {
    create.mutate(
      {
        resource,
        format,
        ...(hasFilters ? { filters } : {}),
        ...(chosen?.columns ? { columns: chosen.columns } : {}),
        for_reimport: forReimport,
      },
      {
        onSuccess: () => {
          if (linkToProgress) {
            setStarted(true);
            return;
          }
          toast.success(t('dialog.started'));
          onOpenChange(false);
        },
      },
    );
  };

  const close = (next: boolean) => {
    if (!next) setStarted(false);
    onOpenChange(next);
  };

  if (started) {
    return (
      <Modal
        open={open}
        onOpenChange={close}
        title={t('dialog.started')}
        description={t('dialog.startedDescription')}
        footer={
          <Button variant="secondary" onClick={() => close(false)}>
            {t('dialog.close')}
          </Button>
        }
      >
        <p role="status">
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to={lp('/dashboard/data')}>
            {t('dialog.followProgress')}
          </Link>
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('dialog.title')}
      description={t('dialog.description')}
      footer={
        <Button onClick={start} disabled={create.isPending}>
          {t('dialog.start')}
        </Button>
      }
    >
      <div className="grid gap-4">
        <Field label={t('dialog.resource')}>
          <Select
            value={resource}
            onChange={(e) => {
              setResource(e.target.value as DataResource);
              setTemplateId('');
            }}
            options={DATA_RESOURCES.map((r) => ({ value: r, label: t(`resources.${r}`) }))}
          />
        </Field>
        <Field label={t('dialog.format')}>
          <Select
            value={format}
            onChange={(e) => setFormat(e.target.value as DataExportFormat)}
            options={DATA_EXPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
          />
        </Field>
        <Field label={t('dialog.template')}>
          <Select
            value={templateId}
            onChange={(e) => setTemplateId(e.target.value)}
            options={[
              { value: '', label: t('dialog.allColumns') },
              ...(templates.data ?? []).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
        </Field>
        <Checkbox
          label={t('dialog.forReimport')}
          help={t('dialog.forReimportHelp')}
          checked={forReimport}
          onChange={(e) => setForReimport(e.target.checked)}
        />
        {hasFilters && (
          <p className="text-sm text-muted-foreground">{t('dialog.filters', { filters: describeFilters(filters) })}</p>
        )}
      </div>
    </Modal>
  );
}
