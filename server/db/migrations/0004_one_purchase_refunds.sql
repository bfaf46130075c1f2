CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"usd_amount" numeric(8, 2) NOT NULL,
	"currency" text NOT NULL,
	"quantity" numeric(38, 0) NOT NULL,
	"stripe_payment_intent_id" text,
	"stripe_refund_id" text,
	"cardano_payment_id" integer,
	"destination_address" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('duplicate_payment', 'research_failed')),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed', 'due')),
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."payment_method" in ('card', 'cardano'))
);
--> statement-breakpoint
ALTER TABLE "user_purchases" DROP CONSTRAINT "user_purchases_status_check";--> statement-breakpoint
ALTER TABLE "user_purchases" ADD COLUMN "last_reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_purchase_id_user_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."user_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cardano_payment_id_cardano_payments_id_fk" FOREIGN KEY ("cardano_payment_id") REFERENCES "public"."cardano_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_purchase_key" ON "refunds" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "user_purchases_one_per_report_key" ON "user_purchases" USING btree ("user_id","report_id") WHERE "user_purchases"."report_id" is not null and "user_purchases"."status" in ('pending', 'completed');--> statement-breakpoint
CREATE INDEX "user_purchases_pending_card_idx" ON "user_purchases" USING btree ("created_at") WHERE "user_purchases"."status" = 'pending' and "user_purchases"."payment_method" = 'card';--> statement-breakpoint
ALTER TABLE "user_purchases" ADD CONSTRAINT "user_purchases_status_check" CHECK ("user_purchases"."status" in ('pending', 'completed', 'failed', 'expired', 'refunded'));