import type { BugReportRequest } from '../../../contract/bug-reports';
import { sendJson } from '../../lib/api';

/** The form shows only success or failure, so the answer (the new report's id) is not read. */
export const submitBugReport = (body: BugReportRequest) => sendJson('POST', '/api/bug-report', body);
