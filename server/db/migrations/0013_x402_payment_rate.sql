-- The USD rate an x402 payment was checked at, and when (decision 0308), for its invoice and
-- the exports; payments made before have none.
ALTER TABLE "x402_payments" ADD COLUMN "usd_rate" numeric(24, 10);--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "rate_at" timestamp with time zone;