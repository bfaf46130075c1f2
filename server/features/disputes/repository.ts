import { desc } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { disputes } from '../../db/schema';

export function listDisputes(db: DbExecutor) {
  return db.select().from(disputes).orderBy(desc(disputes.createdAt), desc(disputes.id));
}
