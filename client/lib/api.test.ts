import { describe, expect, it } from 'vitest';
import { ApiError } from './api';

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
