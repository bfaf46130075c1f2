import { queryOptions } from '@tanstack/react-query';
import {
  type CreateCardanoPaymentRequest,
  cardanoPaymentResponseSchema,
  convertPriceResponseSchema,
} from '../../../contract/cardano';
import { getJson, sendJson } from '../../lib/api';
import type { CheckoutCurrency } from './format';

/** A payment request's current state (polled while it is pending). */
export const cardanoPaymentQuery = (paymentId: number) =>
  queryOptions({
    queryKey: ['cardano-payment', paymentId],
    queryFn: ({ signal }) =>
      getJson(`/api/cardano/payment/${paymentId}`, cardanoPaymentResponseSchema, signal),
  });

/** How much ADA or CROW a USD price comes to now. */
export const priceConversionQuery = (usdAmount: number, currency: CheckoutCurrency) => {
  const usd = usdAmount.toFixed(2);
  return queryOptions({
    queryKey: ['cardano-price', usd, currency],
    queryFn: ({ signal }) =>
      getJson(`/api/cardano/convert-price/${usd}/${currency}`, convertPriceResponseSchema, signal),
  });
};

export const createCardanoPayment = (body: CreateCardanoPaymentRequest) =>
  sendJson('POST', '/api/cardano/create-payment', body, cardanoPaymentResponseSchema);

/** Sandbox only: an incoming payment of `amount` (display units), or of what is still owed when empty. */
export const simulateIncomingPayment = (paymentId: number, amount: string) =>
  sendJson(
    'POST',
    `/api/cardano/sandbox/simulate-payment/${paymentId}`,
    amount ? { amount } : undefined,
    cardanoPaymentResponseSchema,
  );

/** Asks for research on a paid new report; the server also starts it on confirmation. */
export const startResearch = (assetName: string) =>
  sendJson('POST', '/api/research', { asset_name: assetName });
