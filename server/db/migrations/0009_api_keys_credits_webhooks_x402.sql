CREATE TABLE "api_credit_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_credit_balances_not_negative" CHECK ("api_credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "api_credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"purchase_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key_usage" (
	"key_id" integer NOT NULL,
	"day" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_response" text,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "x402_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"purchase_id" integer NOT NULL,
	"network" text NOT NULL,
	"pay_to" text NOT NULL,
	"lovelace" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "x402_payments_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "user_purchases" DROP CONSTRAINT "user_purchases_type_check";--> statement-breakpoint
ALTER TABLE "user_purchases" DROP CONSTRAINT "user_purchases_method_check";--> statement-breakpoint
ALTER TABLE "user_purchases" DROP CONSTRAINT "user_purchases_payment_reference";--> statement-breakpoint
ALTER TABLE "user_purchases" ADD COLUMN "credits" integer;--> statement-breakpoint
ALTER TABLE "user_purchases" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "api_credit_balances" ADD CONSTRAINT "api_credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credit_entries" ADD CONSTRAINT "api_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credit_entries" ADD CONSTRAINT "api_credit_entries_purchase_id_user_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."user_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD CONSTRAINT "x402_payments_purchase_id_user_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."user_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_credit_entries_purchase_reason_key" ON "api_credit_entries" USING btree ("purchase_id","reason");--> statement-breakpoint
CREATE INDEX "api_credit_entries_user_idx" ON "api_credit_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_key_usage_key_day" ON "api_key_usage" USING btree ("key_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_message_key" ON "webhook_deliveries" USING btree ("endpoint_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_purchases_idempotency_key" ON "user_purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("refunds"."payment_method" in ('card', 'cardano', 'credits', 'x402'));--> statement-breakpoint
ALTER TABLE "user_purchases" ADD CONSTRAINT "user_purchases_credits_check" CHECK (("user_purchases"."purchase_type" = 'credit_pack') = ("user_purchases"."credits" is not null and "user_purchases"."credits" > 0));--> statement-breakpoint
ALTER TABLE "user_purchases" ADD CONSTRAINT "user_purchases_type_check" CHECK ("user_purchases"."purchase_type" in ('new_report', 'existing_report', 'credit_pack'));--> statement-breakpoint
ALTER TABLE "user_purchases" ADD CONSTRAINT "user_purchases_method_check" CHECK ("user_purchases"."payment_method" in ('card', 'cardano', 'credits', 'x402'));--> statement-breakpoint
ALTER TABLE "user_purchases" ADD CONSTRAINT "user_purchases_payment_reference" CHECK (("user_purchases"."payment_method" = 'card' and "user_purchases"."stripe_payment_intent_id" is not null) or ("user_purchases"."payment_method" = 'cardano' and "user_purchases"."cardano_payment_id" is not null) or ("user_purchases"."payment_method" in ('credits', 'x402') and "user_purchases"."purchase_type" = 'new_report'));