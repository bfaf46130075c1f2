CREATE TABLE "abandoned_card_intents" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "abandoned_card_intents_reason_check" CHECK ("abandoned_card_intents"."reason" in ('concurrent_checkout', 'account_deleted', 'checkout_expired'))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "list_unsubscribe_url" text;--> statement-breakpoint
CREATE INDEX "abandoned_card_intents_open_idx" ON "abandoned_card_intents" USING btree ("created_at") WHERE "abandoned_card_intents"."settled_at" is null;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('duplicate_payment', 'research_failed', 'account_deleted'));