import type { BugReportRequest } from '../../../contract/bug-reports';
import type { DbExecutor } from '../../db/client';
import { bugReports } from '../../db/schema';

export async function insertBugReport(db: DbExecutor, userId: number, input: BugReportRequest) {
  const [row] = await db
    .insert(bugReports)
    .values({
      userId,
      name: input.name,
      email: input.email,
      category: input.category ?? null,
      title: input.title,
      description: input.description,
      steps: input.steps ?? null,
      expected: input.expected ?? null,
      actual: input.actual ?? null,
      browser: input.browser ?? null,
      device: input.device ?? null,
      status: 'open',
    })
    .returning({ id: bugReports.id, status: bugReports.status });
  return row!;
}
