-- x402 payments in ADA or CROW (decision 0286): what paid and how much of it; the payments
-- made before were all in lovelace.
ALTER TABLE "x402_payments" ADD COLUMN "unit" text DEFAULT 'lovelace' NOT NULL;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "quantity" numeric(38, 0);--> statement-breakpoint
UPDATE "x402_payments" SET "quantity" = "lovelace";--> statement-breakpoint
ALTER TABLE "x402_payments" ALTER COLUMN "quantity" SET NOT NULL;
