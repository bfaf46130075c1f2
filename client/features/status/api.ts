import { queryOptions } from '@tanstack/react-query';
import { type Health, healthSchema } from '../../../contract/site';
import { ApiError, getJson } from '../../lib/api';
import { HEALTH_URL } from '../../lib/site-config';

/** The service's health; a degraded service answers 503 with the same body, which is read too. */
export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: async ({ signal }): Promise<Health> => {
    try {
      return await getJson(HEALTH_URL, healthSchema, signal);
    } catch (error) {
      const degraded = error instanceof ApiError ? healthSchema.safeParse(error.body) : null;
      if (degraded?.success) return degraded.data;
      throw error;
    }
  },
});
