import type { AppContext } from '../../context';
import { QUEUES } from '../../jobs/queue';
import { recordCardanoCycle } from '../../metrics/registry';
import { CardanoWatcher, expireCardanoPayments } from './watcher';

/** Watcher every minute (confirmation is promised in 1-2 minutes), expiry every minute. */
export async function startCardanoJobs(ctx: AppContext): Promise<void> {
  const setup = ctx.payments.cardano;
  await ctx.queue.work(QUEUES.cardanoExpire, async () => {
    const expired = await expireCardanoPayments(ctx.db);
    if (expired) ctx.log.info({ expired }, 'cardano payments expired');
  });
  await ctx.queue.schedule(QUEUES.cardanoExpire, '* * * * *');
  if (!setup.chain) return;
  const watcher = new CardanoWatcher({
    db: ctx.db,
    queue: ctx.queue,
    chain: setup.chain,
    log: ctx.log,
    confirmations: setup.confirmations,
    stakeAddress: setup.stakeAddress,
  });
  await ctx.queue.work(QUEUES.cardanoWatch, async () => {
    recordCardanoCycle(await watcher.runCycle());
  });
  await ctx.queue.schedule(QUEUES.cardanoWatch, '* * * * *');
}
