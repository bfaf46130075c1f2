import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from '../../contract/zod';
import { ApiError, getJson, sendJson, UnexpectedResponseError } from './api';

describe('ApiError', () => {
  it('reads the error code of a JSON error body, for the client to decide on', () => {
    const body = JSON.stringify({ statusCode: 503, code: 'PAYMENT_UNAVAILABLE', message: 'Payment system' });
    const error = new ApiError(503, 'Service Unavailable', body);
    expect(error.code).toBe('PAYMENT_UNAVAILABLE');
    expect(error.serverMessage).toBe('Payment system');
  });

  it('has no code for an unknown code or a body that is not JSON', () => {
    expect(new ApiError(500, 'Error', JSON.stringify({ code: 'SOMETHING_ELSE' })).code).toBeUndefined();
    expect(new ApiError(502, 'Bad Gateway', '<html>').code).toBeUndefined();
  });
});

describe('answers checked against their contract schema', () => {
  const schema = z.object({ ended: z.number().int() });
  const answer = (status: number, body: unknown) =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify(body), { status }));
  afterEach(() => vi.restoreAllMocks());

  it('returns an answer of the promised shape', async () => {
    answer(200, { ended: 2 });
    await expect(getJson('/api/x', schema)).resolves.toEqual({ ended: 2 });
    answer(200, { ended: 3 });
    await expect(sendJson('DELETE', '/api/x', undefined, schema)).resolves.toEqual({ ended: 3 });
  });

  it('rejects an answer of another shape, naming the field', async () => {
    answer(200, { ended: 'two' });
    const failure = getJson('/api/x', schema);
    await expect(failure).rejects.toBeInstanceOf(UnexpectedResponseError);
    await expect(getJson('/api/x', schema)).rejects.toThrow(/\/api\/x: ended:/);
  });

  it('turns an error status into an ApiError with the server message', async () => {
    answer(409, { code: 'CONFLICT', message: 'Already paid' });
    await expect(sendJson('POST', '/api/x', { a: 1 })).rejects.toMatchObject({
      status: 409,
      serverMessage: 'Already paid',
    });
  });
});
