-- The fee each Cardano transaction that paid us cost its sender, in lovelace, from the chain, and
-- the ADA total on the invoice it paid (decision 0310), for the invoice and the payments export;
-- the sandbox chain has none and older rows stay empty.
ALTER TABLE "cardano_incoming_transactions" ADD COLUMN "fee_lovelace" numeric(38, 0);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "network_fee" numeric(24, 6);--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "fee_lovelace" numeric(38, 0);