import type { AppContext } from './context';
import { registerEmailJobs } from './email/jobs';
import { registerApiJobs } from './features/api-v1/jobs';
import { registerSessionJobs } from './features/auth/jobs';
import { registerCardPaymentJobs } from './features/card-payments/jobs';
import { registerCardanoJobs } from './features/cardano/jobs';
import { registerPdfJobs } from './pdf/jobs';
import { registerResearchJobs } from './research/job';

/**
 * The worker role, composed beside the web app (app.ts): every job handler and schedule of the
 * definitions in jobs/definitions.ts, registered by the feature that owns it.
 */
export async function startWorker(ctx: AppContext): Promise<void> {
  await registerSessionJobs(ctx);
  await registerResearchJobs(ctx);
  await registerPdfJobs(ctx);
  await registerCardanoJobs(ctx);
  await registerEmailJobs(ctx);
  await registerCardPaymentJobs(ctx);
  await registerApiJobs(ctx);
}
