import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../contract/errors';
import { apiErrorSchema } from '../../contract/http';
import { DomainError } from '../domain/errors';
import { ERROR_STATUS, registerErrorHandling } from './errors';

// One place maps error codes to statuses; every JSON error body names its code.
describe('error codes', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/refuse/:code', async (request) => {
      const { code } = request.params as { code: ErrorCode };
      throw new DomainError(code, `refused: ${code}`);
    });
    app.get('/crash', async () => {
      throw new Error('secret detail');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(ERROR_CODES.map((code) => [code, ERROR_STATUS[code]] as const))(
    '%s is answered with %i and a body carrying the code',
    async (code, status) => {
      const response = await app.inject({ method: 'GET', url: `/refuse/${code}` });
      expect(response.statusCode).toBe(status);
      const body = apiErrorSchema.parse(response.json());
      expect(body).toMatchObject({ statusCode: status, code, message: `refused: ${code}` });
    },
  );

  it('an unexpected failure is INTERNAL and keeps its detail to the log', async () => {
    const crash = await app.inject({ method: 'GET', url: '/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toMatchObject({ code: 'INTERNAL' });
    expect(crash.body).not.toContain('secret detail');
  });
});
