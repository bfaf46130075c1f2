import type { AppContext } from '../../context';
import { sellerOf } from '../../domain/invoices';
import { JOBS, scheduleJob, workJob } from '../../jobs/definitions';
import { recordCardanoCycle } from '../../metrics/registry';
import { CardanoWatcher, expireCardanoPayments } from './watcher';

/** Watcher every minute (confirmation is promised in 1-2 minutes), expiry every minute. */
export async function registerCardanoJobs(ctx: AppContext): Promise<void> {
  const setup = ctx.payments.cardano;
  await workJob(ctx.queue, JOBS.cardanoExpire, async () => {
    const expired = await expireCardanoPayments(ctx.db);
    if (expired) ctx.log.info({ expired }, 'cardano payments expired');
  });
  await scheduleJob(ctx.queue, JOBS.cardanoExpire);
  if (!setup.chain) return;
  const watcher = new CardanoWatcher({
    db: ctx.db,
    queue: ctx.queue,
    chain: setup.chain,
    log: ctx.log,
    confirmations: setup.confirmations,
    stakeAddress: setup.stakeAddress,
    seller: sellerOf(ctx.config),
  });
  await workJob(ctx.queue, JOBS.cardanoWatch, async () => {
    recordCardanoCycle(await watcher.runCycle());
  });
  await scheduleJob(ctx.queue, JOBS.cardanoWatch);
}
