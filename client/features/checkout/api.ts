import {
  type CreatePaymentIntentRequest,
  confirmPaymentResponseSchema,
  createPaymentIntentResponseSchema,
} from '../../../contract/payments';
import { sendJson } from '../../lib/api';

export const createPaymentIntent = (body: CreatePaymentIntentRequest) =>
  sendJson('POST', '/api/create-payment-intent', body, createPaymentIntentResponseSchema);

/** The server asks the payment provider itself; an id alone grants nothing. */
export const confirmPayment = (paymentIntentId: string) =>
  sendJson('POST', '/api/confirm-payment', { paymentIntentId }, confirmPaymentResponseSchema);

/** The labelled sandbox card (never in production). */
export const payWithSandboxCard = (paymentIntentId: string, cardNumber: string) =>
  sendJson('POST', '/api/sandbox/card-payment', { paymentIntentId, cardNumber });
