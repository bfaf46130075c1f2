import { asc, eq, max } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { cardanoSandboxOutputs } from '../../db/schema';

// The sandbox chain's ledger (table cardano_sandbox_outputs): each simulated output is its own
// block, its row id the block height, so every process sees the same chain.

export type SandboxOutputRow = typeof cardanoSandboxOutputs.$inferSelect;

export async function insertSandboxOutput(
  db: DbExecutor,
  output: typeof cardanoSandboxOutputs.$inferInsert,
): Promise<void> {
  await db.insert(cardanoSandboxOutputs).values(output);
}

/** The newest block's height; 0 before the first simulated payment. */
export async function sandboxTipHeight(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ tip: max(cardanoSandboxOutputs.id) }).from(cardanoSandboxOutputs);
  return row?.tip ?? 0;
}

/** Every simulated output, oldest first. */
export async function listSandboxOutputs(db: DbExecutor): Promise<SandboxOutputRow[]> {
  return db.select().from(cardanoSandboxOutputs).orderBy(asc(cardanoSandboxOutputs.id));
}

export async function findSandboxOutput(
  db: DbExecutor,
  txHash: string,
): Promise<SandboxOutputRow | undefined> {
  const [row] = await db
    .select()
    .from(cardanoSandboxOutputs)
    .where(eq(cardanoSandboxOutputs.txHash, txHash))
    .limit(1);
  return row;
}
