CREATE TABLE "bug_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"category" text,
	"title" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"steps" text,
	"expected" text,
	"actual" text,
	"browser" varchar(300),
	"device" varchar(300),
	"status" text DEFAULT 'open' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bug_reports_status_check" CHECK ("bug_reports"."status" in ('open', 'investigating', 'resolved', 'closed')),
	CONSTRAINT "bug_reports_category_check" CHECK ("bug_reports"."category" is null or "bug_reports"."category" in ('payment', 'research', 'authentication', 'ui', 'performance', 'data', 'other'))
);
--> statement-breakpoint
CREATE TABLE "cardano_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"report_id" integer,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"expected_quantity" numeric(38, 0) NOT NULL,
	"received_quantity" numeric(38, 0) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"policy_id" text,
	"asset_name" text,
	"description" text NOT NULL,
	"qr_code" text,
	"usd_amount" numeric(8, 2) NOT NULL,
	"quoted_usd_price" numeric(18, 8),
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_late" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cardano_payments_currency_check" CHECK ("cardano_payments"."currency" in ('ADA', 'NATIVE_TOKEN')),
	CONSTRAINT "cardano_payments_status_check" CHECK ("cardano_payments"."status" in ('pending', 'confirmed', 'expired')),
	CONSTRAINT "cardano_payments_amount_min" CHECK ("cardano_payments"."amount" >= 0.001)
);
--> statement-breakpoint
CREATE TABLE "report_pdfs" (
	"report_id" integer PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"methodology_version" text NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"category_key" text NOT NULL,
	"agent_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"score" numeric(4, 2),
	"research_data" jsonb,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_progress_score_range" CHECK ("research_progress"."score" is null or ("research_progress"."score" >= 1 and "research_progress"."score" <= 5)),
	CONSTRAINT "research_progress_status_check" CHECK ("research_progress"."status" in ('pending', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "research_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_name" text NOT NULL,
	"asset_id" text,
	"project_overview" text,
	"composite_score" numeric(4, 2) DEFAULT '0' NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"research_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report_content" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"methodology_version" text,
	"failure_reason" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "research_reports_status_check" CHECK ("research_reports"."status" in ('pending', 'processing', 'completed', 'failed')),
	CONSTRAINT "research_reports_composite_range" CHECK ("research_reports"."composite_score" >= 0 and "research_reports"."composite_score" <= 77)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"report_id" integer,
	"purchase_type" text NOT NULL,
	"asset_name" text NOT NULL,
	"amount" numeric(8, 2) NOT NULL,
	"payment_method" text NOT NULL,
	"stripe_payment_intent_id" text,
	"cardano_payment_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "user_purchases_type_check" CHECK ("user_purchases"."purchase_type" in ('new_report', 'existing_report')),
	CONSTRAINT "user_purchases_status_check" CHECK ("user_purchases"."status" in ('pending', 'completed', 'failed', 'expired')),
	CONSTRAINT "user_purchases_method_check" CHECK ("user_purchases"."payment_method" in ('card', 'cardano')),
	CONSTRAINT "user_purchases_payment_reference" CHECK (("user_purchases"."payment_method" = 'card' and "user_purchases"."stripe_payment_intent_id" is not null) or ("user_purchases"."payment_method" = 'cardano' and "user_purchases"."cardano_payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(30) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"stripe_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bug_reports" ADD CONSTRAINT "bug_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardano_payments" ADD CONSTRAINT "cardano_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardano_payments" ADD CONSTRAINT "cardano_payments_report_id_research_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."research_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pdfs" ADD CONSTRAINT "report_pdfs_report_id_research_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."research_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_progress" ADD CONSTRAINT "research_progress_report_id_research_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."research_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_reports" ADD CONSTRAINT "research_reports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_purchases" ADD CONSTRAINT "user_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_purchases" ADD CONSTRAINT "user_purchases_report_id_research_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."research_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_purchases" ADD CONSTRAINT "user_purchases_cardano_payment_id_cardano_payments_id_fk" FOREIGN KEY ("cardano_payment_id") REFERENCES "public"."cardano_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bug_reports_created_idx" ON "bug_reports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cardano_payments_derivation_index_key" ON "cardano_payments" USING btree ("derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "cardano_payments_address_key" ON "cardano_payments" USING btree ("address");--> statement-breakpoint
CREATE INDEX "cardano_payments_user_idx" ON "cardano_payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cardano_payments_open_idx" ON "cardano_payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "research_progress_report_category_key" ON "research_progress" USING btree ("report_id","category_key");--> statement-breakpoint
CREATE INDEX "research_reports_public_idx" ON "research_reports" USING btree ("is_public","status");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_purchases_payment_intent_key" ON "user_purchases" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_purchases_cardano_payment_key" ON "user_purchases" USING btree ("cardano_payment_id");--> statement-breakpoint
CREATE INDEX "user_purchases_user_idx" ON "user_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_purchases_report_idx" ON "user_purchases" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
-- Id 1 is the admin (spec §6) and is only ever given by the admin:create command, never by registration.
ALTER SEQUENCE "users_id_seq" RESTART WITH 2;
