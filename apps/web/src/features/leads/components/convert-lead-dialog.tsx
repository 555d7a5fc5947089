import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLIENT_PRIORITIES,
  CLIENT_STATUSES,
  CLIENT_TYPES,
  convertLeadSchema,
  CURRENCIES,
  type ClientPriority,
  type ConvertLeadData,
  type ConvertLeadInput,
  type Currency,
} from '@leadcapture/contracts/clients';
import type { BudgetRange } from '@leadcapture/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError, isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConvertLead } from '../../clients/api/clients.ts';
import { leadDetailQueryKey, type Lead } from '../api/leads.ts';
import { leadName } from './lead-name.ts';

type Values = Pick<ConvertLeadInput, 'client_type' | 'priority' | 'status' | 'estimated_value' | 'currency'>;

const PRIORITY_BY_INTEREST: Record<NonNullable<Lead['interest']>, ClientPriority> = {
  hot: 'high',
  warm: 'medium',
  cold: 'low',
};

/** A budget band's lower bound: a conservative first estimate the member can change. */
const VALUE_BY_BUDGET: Partial<Record<BudgetRange, number>> = {
  '1000_5000': 1000,
  '5000_10000': 5000,
  '10000_25000': 10000,
  over_25000: 25000,
};

/** The dialog's first values, taken from what the lead says. */
export function convertDefaults(lead: Lead, language: string): Required<Values> {
  const currency: Currency = language === 'sv' ? 'sek' : 'usd';
  return {
    client_type: lead.company === '' ? 'individual' : 'smb',
    priority: lead.interest === null ? 'medium' : PRIORITY_BY_INTEREST[lead.interest],
    status: 'onboarding',
    estimated_value: VALUE_BY_BUDGET[lead.budget_range] ?? null,
    currency,
  };
}

/**
 * "Convert to client" on the lead page: the main client fields, prefilled from the lead and
 * checked by the contract's convertLeadSchema; on success the new client's page opens.
 */
export function ConvertLeadDialog({
  lead,
  open,
  onOpenChange,
}: {
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['clients']);
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const convert = useConvertLead(lead.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, ConvertLeadData>({
    resolver: zodResolver(
      convertLeadSchema.pick({
        client_type: true,
        priority: true,
        status: true,
        estimated_value: true,
        currency: true,
      }),
    ),
    defaultValues: convertDefaults(lead, i18n.language),
  });
  const name = leadName(lead);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const client = await convert.mutateAsync(values);
      toast.success(t('convert.success', { name: client.company_name }));
      onOpenChange(false);
      await navigate(lp(`/clients/${client.id}`));
    } catch (error) {
      if (isHandledGlobally(error)) return;
      if (isApiError(error) && error.status === 409) {
        // Someone converted it meanwhile: the lead page shows the link to its client.
        await queryClient.invalidateQueries({ queryKey: leadDetailQueryKey(lead.id) });
        setFailure(t('convert.alreadyConverted'));
        return;
      }
      const details = validationDetails(error);
      if (details !== null) {
        for (const [key, messages] of Object.entries(details)) {
          if (
            key === 'client_type' ||
            key === 'priority' ||
            key === 'status' ||
            key === 'estimated_value' ||
            key === 'currency'
          )
            form.setError(key, { type: 'server', message: messages.join(' ') });
        }
      }
      setFailure(t('errors.convert'));
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title={t('convert.title')}
      description={t('convert.description', { name })}
    >
      <form noValidate id="convert-lead-form" className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
        {failure !== null && <FormAlert>{failure}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="client_type"
            label={t('fields.client_type')}
            render={(field) => (
              <Select
                {...field}
                value={field.value ?? ''}
                options={CLIENT_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
              />
            )}
          />
          <FormField
            control={form.control}
            name="priority"
            label={t('fields.priority')}
            render={(field) => (
              <Select
                {...field}
                value={field.value ?? ''}
                options={CLIENT_PRIORITIES.map((v) => ({ value: v, label: t(`priority.${v}`) }))}
              />
            )}
          />
          <FormField
            control={form.control}
            name="status"
            label={t('fields.status')}
            render={(field) => (
              <Select
                {...field}
                value={field.value ?? ''}
                options={CLIENT_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
              />
            )}
          />
          <FormField
            control={form.control}
            name="currency"
            label={t('fields.currency')}
            render={(field) => (
              <Select
                {...field}
                value={field.value ?? ''}
                options={CURRENCIES.map((v) => ({ value: v, label: v.toUpperCase() }))}
              />
            )}
          />
          <FormField
            control={form.control}
            name="estimated_value"
            label={t('fields.estimated_value')}
            className="sm:col-span-2"
            render={({ value, onChange, ...field }) => (
              <Input
                {...field}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={typeof value === 'number' ? value : ''}
                onChange={(e) => onChange(e.target.value.trim() === '' ? null : Number(e.target.value))}
              />
            )}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={convert.isPending}>
            {t('convert.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
