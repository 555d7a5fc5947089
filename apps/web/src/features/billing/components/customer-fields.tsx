import type { CustomerInput } from '@leadcapture/contracts/billing';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { countryOptions } from '../utils/countries.ts';

/** A form that holds billing details under `customer` (the details form, checkout). */
export type CustomerFormValues = { customer: CustomerInput };

/** The names of the fields, for the server's 422 details (`customer.name`, or `name` alone). */
export const CUSTOMER_FIELDS = [
  'name',
  'email',
  'phone',
  'address_line1',
  'address_line2',
  'city',
  'postal_code',
  'state',
  'country',
  'vat_id',
] as const;

/** The form's starting values: the saved customer, else empty (country left to choose). */
export function customerValues(customer: Partial<CustomerInput> | null): CustomerInput {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    address_line1: customer?.address_line1 ?? '',
    address_line2: customer?.address_line2 ?? '',
    city: customer?.city ?? '',
    postal_code: customer?.postal_code ?? '',
    state: customer?.state ?? '',
    country: customer?.country ?? '',
    vat_id: customer?.vat_id ?? '',
  };
}

/**
 * The billing details' fields (`customerInputSchema`), inside a react-hook-form FormProvider
 * whose values hold them under `customer`. Two columns from sm up, one on a phone.
 */
export function CustomerFields() {
  const { t, i18n } = useTranslation('billing');
  const { control } = useFormContext<CustomerFormValues>();
  const text = (
    name: 'name' | 'email' | 'phone' | 'address_line1' | 'address_line2' | 'city' | 'postal_code' | 'state' | 'vat_id',
    autoComplete: string,
    type = 'text',
  ) => (
    <FormField
      control={control}
      name={`customer.${name}`}
      label={t(`details.fields.${name}`)}
      required={name === 'name' || name === 'email'}
      className={name === 'address_line1' || name === 'address_line2' ? 'sm:col-span-2' : undefined}
      render={(field) => <Input type={type} autoComplete={autoComplete} {...field} value={field.value ?? ''} />}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('name', 'organization')}
      {text('email', 'email', 'email')}
      {text('phone', 'tel', 'tel')}
      {text('vat_id', 'off')}
      {text('address_line1', 'address-line1')}
      {text('address_line2', 'address-line2')}
      {text('city', 'address-level2')}
      {text('postal_code', 'postal-code')}
      {text('state', 'address-level1')}
      <FormField
        control={control}
        name="customer.country"
        label={t('details.fields.country')}
        required
        render={(field) => (
          <Select
            autoComplete="country"
            {...field}
            placeholder={t('details.chooseCountry')}
            options={countryOptions(i18n.language)}
          />
        )}
      />
    </div>
  );
}
