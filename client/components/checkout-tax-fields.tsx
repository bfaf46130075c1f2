import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { checkoutTaxFormSchema } from '../../contract/invoices';
import type { PurchaseType } from '../../contract/reports';
import { formatUsd } from '../lib/report-format';
import { CHECKOUT_COUNTRIES, countryName, vatPreviewQuery } from '../lib/vat-preview';
import { FieldError, FieldHint, fieldAria, Input, Label } from './ui/input';

// The buyer's country and optional EU VAT number at checkout (decision 0305), validated with the
// contract's schema, each error under its field; and the VAT the chosen country puts in the
// (tax-inclusive) price, or reverse charge once VIES confirms the VAT number.

export interface TaxFieldValues {
  country: string;
  vatId: string;
}
type TaxErrors = Partial<Record<keyof TaxFieldValues, string>>;
/** The fields as the checkout requests take them. */
export interface StatedTax {
  country: string;
  vatId?: string | undefined;
}

function errorsOf(values: TaxFieldValues): TaxErrors {
  const parsed = checkoutTaxFormSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: TaxErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TaxFieldValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The region of the browser's language (en-US: US) as a first guess the buyer sees and confirms
 * or changes; a language without a region leaves the field empty and the buyer must choose.
 */
function browserCountry(): string {
  try {
    const region = new Intl.Locale(navigator.language).region ?? '';
    return CHECKOUT_COUNTRIES.some((country) => country.code === region) ? region : '';
  } catch {
    return '';
  }
}

/** The fields' state: values, errors shown after a submit (and cleared as they are corrected). */
export function useCheckoutTax(initial: Partial<TaxFieldValues> = {}) {
  const [values, setValues] = useState<TaxFieldValues>(() => ({
    country: initial.country ?? browserCountry(),
    vatId: initial.vatId ?? '',
  }));
  const [errors, setErrors] = useState<TaxErrors>({});
  // The VAT number is checked with VIES once the buyer leaves the field, not at every key.
  const [checkedVatId, setCheckedVatId] = useState(initial.vatId ?? '');
  // A VAT number still wrong does not hide the country's VAT: the preview goes on without it.
  const withVatId = checkoutTaxFormSchema.safeParse({ ...values, vatId: checkedVatId });
  const parsed = withVatId.success ? withVatId : checkoutTaxFormSchema.safeParse({ ...values, vatId: '' });
  return {
    values,
    errors,
    /** The fields as the server takes them, when they are valid. */
    fields: parsed.success ? (parsed.data satisfies StatedTax) : null,
    change(field: keyof TaxFieldValues, value: string) {
      const next = { ...values, [field]: value };
      setValues(next);
      // An error shown stays only while the field is still wrong.
      if (errors[field]) setErrors((shown) => ({ ...shown, [field]: errorsOf(next)[field] }));
      if (field === 'country') setCheckedVatId(next.vatId);
    },
    commitVatId() {
      setCheckedVatId(values.vatId);
      if (values.vatId.trim()) setErrors((shown) => ({ ...shown, vatId: errorsOf(values).vatId }));
    },
    /** Checks the fields for a submit: the valid fields, or null with the errors shown. */
    submit(): StatedTax | null {
      const found = errorsOf(values);
      setErrors(found);
      setCheckedVatId(values.vatId);
      if (Object.keys(found).length > 0) return null;
      return checkoutTaxFormSchema.parse(values) satisfies StatedTax;
    },
  };
}
export type CheckoutTax = ReturnType<typeof useCheckoutTax>;

export function CheckoutTaxFields({ tax, idPrefix }: { tax: CheckoutTax; idPrefix: string }) {
  const countryId = `${idPrefix}-country`;
  const vatId = `${idPrefix}-vat-id`;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">Your country for VAT</legend>
      <div>
        <Label htmlFor={countryId}>Country</Label>
        <select
          id={countryId}
          className="h-11 w-full rounded-md border border-border bg-card px-3 text-fg"
          value={tax.values.country}
          required
          onChange={(event) => tax.change('country', event.target.value)}
          {...fieldAria(countryId, { invalid: Boolean(tax.errors.country), hint: true })}
        >
          <option value="">Choose your country</option>
          {CHECKOUT_COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        <FieldHint id={`${countryId}-hint`}>
          Where you are: it decides the VAT in the price and goes on your invoice.
        </FieldHint>
        <FieldError id={`${countryId}-error`} message={tax.errors.country} />
      </div>
      <div>
        <Label htmlFor={vatId}>EU VAT number (optional, for businesses)</Label>
        <Input
          id={vatId}
          value={tax.values.vatId}
          maxLength={30}
          autoComplete="off"
          placeholder="e.g. DE123456789"
          onChange={(event) => tax.change('vatId', event.target.value)}
          onBlur={() => tax.commitVatId()}
          {...fieldAria(vatId, { invalid: Boolean(tax.errors.vatId), hint: true })}
        />
        <FieldHint id={`${vatId}-hint`}>
          Checked with the EU's VIES service; a confirmed number means reverse charge (no VAT charged).
        </FieldHint>
        <FieldError id={`${vatId}-error`} message={tax.errors.vatId} />
      </div>
    </fieldset>
  );
}

/** The price breakdown's VAT lines for the chosen country (inside a <dl>). */
export function VatBreakdown({ tax, purchaseType }: { tax: CheckoutTax; purchaseType: PurchaseType }) {
  const fields = tax.fields;
  const preview = useQuery({
    ...vatPreviewQuery(purchaseType, fields?.country ?? '', fields?.vatId),
    enabled: fields !== null,
  });
  if (!fields) return null;
  const name = countryName(fields.country);
  let line: string;
  if (preview.isPending) line = `Checking the VAT for ${name}…`;
  else if (preview.isError) line = 'The VAT could not be worked out just now; it is stated on your invoice.';
  else if (preview.data.treatment === 'reverse_charge') {
    line = `Reverse charge: VAT number ${fields.vatId} confirmed by VIES, no VAT charged (net ${formatUsd(preview.data.net)})`;
  } else if (preview.data.treatment === 'outside_eu') {
    line = `No EU VAT: ${name} is outside the EU`;
  } else {
    line = `Includes ${name} VAT ${Number(preview.data.vatRate)}%: ${formatUsd(preview.data.vat)} (net ${formatUsd(preview.data.net)})`;
  }
  const viesNote =
    preview.data?.vies === 'invalid'
      ? 'VIES does not confirm this VAT number, so VAT is charged.'
      : preview.data?.vies === 'unavailable'
        ? 'VIES could not be reached, so VAT is charged.'
        : null;
  return (
    <>
      <dt className="text-muted">VAT</dt>
      <dd data-testid="checkout-vat" aria-live="polite">
        {line}
        {viesNote && <span className="block text-muted">{viesNote}</span>}
      </dd>
    </>
  );
}
