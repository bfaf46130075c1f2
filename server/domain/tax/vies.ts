import { z } from 'zod';

// The European Commission's VIES check of an EU VAT number, over its REST interface:
// POST {base}/check-vat-number with {countryCode, vatNumber}. A member state's service being
// down is answered with `actionSucceed: false` and an errorWrappers list (sometimes on HTTP 200);
// that, a timeout or any other failure is 'unavailable', and then VAT is charged (decision 0302).

export type ViesOutcome =
  | { status: 'valid'; country: string; name: string | null; requestIdentifier: string | null }
  | { status: 'invalid' | 'unavailable'; country: string | null };

const answerSchema = z.object({
  valid: z.boolean(),
  countryCode: z.string().optional(),
  name: z.string().nullish(),
  requestIdentifier: z.string().nullish(),
});
const failureSchema = z.object({ actionSucceed: z.literal(false) });

/** VIES writes Greece as EL; the rest of the store uses ISO 3166 (GR). */
const toViesCountry = (iso: string) => (iso === 'GR' ? 'EL' : iso);
const fromViesCountry = (vies: string) => (vies === 'EL' ? 'GR' : vies);

/** A VIES answer and when VIES gave it (the evidence's check time). */
export type CheckedVatNumber = ViesOutcome & { checkedAt: Date };

// The checkout's VAT preview and the checkout itself check the same number within moments
// (decision 0309): a definite answer (valid or invalid) is reused for a few minutes, with the time
// VIES gave it. An unavailable answer is never reused: the next step asks again, as the buyer may
// then get reverse charge. Per process, bounded.
const ANSWER_REUSE_MS = 10 * 60_000;
const ANSWERS_KEPT = 1_000;
const recentAnswers = new Map<string, CheckedVatNumber>();

export async function checkVatNumber(
  baseUrl: string,
  vatId: string,
  timeoutMs = 5_000,
): Promise<CheckedVatNumber> {
  const compact = vatId.toUpperCase().replace(/[\s.-]/g, '');
  const key = `${baseUrl} ${compact}`;
  const recent = recentAnswers.get(key);
  if (recent && Date.now() - recent.checkedAt.getTime() < ANSWER_REUSE_MS) return recent;
  recentAnswers.delete(key);
  const checked = { ...(await askVies(baseUrl, compact, timeoutMs)), checkedAt: new Date() };
  if (checked.status !== 'unavailable') {
    recentAnswers.set(key, checked);
    // The oldest answer goes first (a Map keeps insertion order).
    if (recentAnswers.size > ANSWERS_KEPT) recentAnswers.delete(recentAnswers.keys().next().value!);
  }
  return checked;
}

async function askVies(baseUrl: string, compact: string, timeoutMs: number): Promise<ViesOutcome> {
  const country = fromViesCountry(compact.slice(0, 2));
  try {
    const response = await fetch(`${baseUrl.replace(/\/$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: toViesCountry(country), vatNumber: compact.slice(2) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || failureSchema.safeParse(body).success) return { status: 'unavailable', country };
    const answer = answerSchema.safeParse(body);
    if (!answer.success) return { status: 'unavailable', country };
    if (!answer.data.valid) return { status: 'invalid', country };
    return {
      status: 'valid',
      country: answer.data.countryCode ? fromViesCountry(answer.data.countryCode) : country,
      name: answer.data.name && answer.data.name !== '---' ? answer.data.name : null,
      requestIdentifier: answer.data.requestIdentifier ?? null,
    };
  } catch {
    return { status: 'unavailable', country };
  }
}
