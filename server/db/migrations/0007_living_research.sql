CREATE TABLE "watch_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"previous_report_id" integer,
	"asset_id" text NOT NULL,
	"summary" text NOT NULL,
	"emailed" boolean DEFAULT false NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset_id" text NOT NULL,
	"asset_name" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "watch_on_purchase" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_report_id_research_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."research_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_previous_report_id_research_reports_id_fk" FOREIGN KEY ("previous_report_id") REFERENCES "public"."research_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_alerts_user_report_key" ON "watch_alerts" USING btree ("user_id","report_id");--> statement-breakpoint
CREATE INDEX "watch_alerts_user_idx" ON "watch_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_entries_user_asset_key" ON "watchlist_entries" USING btree ("user_id","asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_entries_token_key" ON "watchlist_entries" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "watchlist_entries_asset_idx" ON "watchlist_entries" USING btree ("asset_id");