import { queryOptions } from '@tanstack/react-query';
import countryData from 'country-list/data.json';
import { type VatPreview, vatPreviewSchema } from '../../contract/invoices';
import type { PurchaseType } from '../../contract/reports';
import { sendJson } from './api';

// The checkout's tax fields (decision 0305), shared by the card and the Cardano checkout: the
// countries a buyer may state, and the VAT in the price for the one they chose.

const regionNames =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** ISO 3166-1 alpha-2 codes (country-list) named in plain English where the browser can, A to Z. */
export const CHECKOUT_COUNTRIES: { code: string; name: string }[] = countryData
  .map(({ code, name }) => ({ code, name: regionNames?.of(code) ?? name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const countryName = (code: string) =>
  CHECKOUT_COUNTRIES.find((country) => country.code === code)?.name ?? code;

/** How the buyer pays, and the card's issuing country once the form knows it (sandbox test cards). */
export interface VatPayment {
  method: 'card' | 'cardano';
  cardCountry?: string | null;
}

/** The VAT inside the price for a stated country (and VAT number, checked with VIES), as the invoice will charge it. */
export const vatPreviewQuery = (
  purchaseType: PurchaseType,
  country: string,
  vatId: string | undefined,
  payment: VatPayment,
) =>
  queryOptions({
    queryKey: ['vat-preview', purchaseType, country, vatId ?? '', payment.method, payment.cardCountry ?? ''],
    queryFn: (): Promise<VatPreview> =>
      sendJson(
        'POST',
        '/api/checkout/vat-preview',
        {
          purchaseType,
          tax: { country, ...(vatId ? { vatId } : {}) },
          method: payment.method,
          ...(payment.cardCountry ? { cardCountry: payment.cardCountry } : {}),
        },
        vatPreviewSchema,
      ),
    staleTime: 5 * 60_000,
  });
