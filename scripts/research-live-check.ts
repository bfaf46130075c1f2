import { failing, formatLiveCheck, runLiveCheck } from '../server/research/sources/live-check';

// npm run research:live-check — for operators after a deployment: every call the live research
// makes, on the path the environment configures (keyed or keyless), compared with the fields and
// types the research reads. Each provider prints ok, changed (with the fields), refused (with the
// status and body), unreachable or not configured. Exits 1 when any provider the configuration
// relies on is not ok.

const results = await runLiveCheck(process.env);
console.info(formatLiveCheck(results));
process.exitCode = failing(results).length ? 1 : 0;
