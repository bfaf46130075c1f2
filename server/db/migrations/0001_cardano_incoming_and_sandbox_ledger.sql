CREATE TABLE "cardano_incoming_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"quantity" numeric(38, 0) NOT NULL,
	"unit" text NOT NULL,
	"block_height" integer NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"sender_address" text,
	"classification" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cardano_incoming_classification_check" CHECK ("cardano_incoming_transactions"."classification" in ('payment', 'late', 'duplicate', 'surplus'))
);
--> statement-breakpoint
CREATE TABLE "cardano_sandbox_outputs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"address" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(38, 0) NOT NULL,
	"sender_address" text NOT NULL,
	"block_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cardano_incoming_transactions" ADD CONSTRAINT "cardano_incoming_transactions_payment_id_cardano_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."cardano_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cardano_incoming_tx_key" ON "cardano_incoming_transactions" USING btree ("payment_id","tx_hash","classification");--> statement-breakpoint
CREATE INDEX "cardano_incoming_classification_idx" ON "cardano_incoming_transactions" USING btree ("classification","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cardano_sandbox_outputs_tx_key" ON "cardano_sandbox_outputs" USING btree ("tx_hash");