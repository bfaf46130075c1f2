// Dates of the back-test's horizons. The outcome rules themselves are the default study's
// (study.ts, decision 0351): one failure per asset, typed, dated at its event.

const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
