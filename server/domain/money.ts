// Dollar amounts travel as decimal strings ("4.99", as the database's numeric columns give them)
// and are added, split and compared in whole cents, so no binary fraction ever rounds a price.

/** "4.99" → 499. */
export const toCents = (amount: string) => Math.round(Number(amount) * 100);

/** 499 → "4.99"; a negative amount keeps its sign ("-4.99"). */
export const fromCents = (cents: number) => (cents / 100).toFixed(2);
