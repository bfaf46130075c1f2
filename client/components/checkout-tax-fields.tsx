import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { checkoutTaxFormSchema, type VatPreview } from '../../contract/invoices';
import type { PurchaseType } from '../../contract/reports';
import { formatUsd } from '../lib/report-format';
import { CHECKOUT_COUNTRIES, countryName, type VatPayment, vatPreviewQuery } from '../lib/vat-preview';
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

type VatPart = Pick<VatPreview, 'treatment' | 'vatCountry' | 'vatRate' | 'vat' | 'net'>;

/** One VAT outcome in words: reverse charge, none (outside the EU), or a country's VAT in the price. */
function vatWords(part: VatPart, vatId: string | undefined): string {
  if (part.treatment === 'reverse_charge') {
    return `Reverse charge: VAT number ${vatId ?? ''} confirmed by VIES, no VAT charged (net ${formatUsd(part.net)})`;
  }
  if (part.treatment === 'outside_eu' || !part.vatCountry) return 'No EU VAT';
  return `Includes ${countryName(part.vatCountry)} VAT ${Number(part.vatRate)}%: ${formatUsd(part.vat)} (net ${formatUsd(part.net)})`;
}

/**
 * The price breakdown's VAT lines for the chosen country (inside a <dl>): the VAT the invoice will
 * charge. The invoice needs a second piece of evidence to agree with the stated country (the
 * connection's or the card's country, decision 0302): until the card is known, both outcomes are
 * said; when nothing agrees, the seller's country's VAT is the one shown (decision 0380).
 */
export function VatBreakdown({
  tax,
  purchaseType,
  payment,
}: {
  tax: CheckoutTax;
  purchaseType: PurchaseType;
  payment: VatPayment;
}) {
  const fields = tax.fields;
  const preview = useQuery({
    ...vatPreviewQuery(purchaseType, fields?.country ?? '', fields?.vatId, payment),
    enabled: fields !== null,
  });
  if (!fields) return null;
  const name = countryName(fields.country);
  let line: string;
  let condition: string | null = null;
  if (preview.isPending) line = `Checking the VAT for ${name}…`;
  else if (preview.isError) line = 'The VAT could not be worked out just now; it is stated on your invoice.';
  else {
    const data = preview.data;
    line =
      data.treatment === 'outside_eu' && data.basis !== 'not_confirmed'
        ? `No EU VAT: ${name} is outside the EU`
        : vatWords(data, fields.vatId);
    if (data.basis === 'if_card_matches' && data.otherwise) {
      condition = `If your card is issued in ${name}. A card issued elsewhere: ${vatWords(data.otherwise, fields.vatId)}; the total is the same.`;
    } else if (data.basis === 'not_confirmed') {
      const why = payment.cardCountry
        ? `this card is issued in ${countryName(payment.cardCountry)}, not ${name}`
        : `a Cardano payment has no card to confirm ${name}`;
      condition = `The seller's country applies: ${why}, and VAT follows two pieces of evidence that agree. The total is the same.`;
    }
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
      <dd aria-live="polite">
        <span data-testid="checkout-vat">{line}</span>
        {condition && (
          <span className="block text-muted" data-testid="checkout-vat-condition">
            {condition}
          </span>
        )}
        {viesNote && <span className="block text-muted">{viesNote}</span>}
      </dd>
    </>
  );
}
