ALTER TABLE "research_reports" ADD COLUMN "asset_kind" text;--> statement-breakpoint
ALTER TABLE "user_purchases" ADD COLUMN "asset_id" text;--> statement-breakpoint
CREATE INDEX "research_reports_asset_idx" ON "research_reports" USING btree ("asset_id","completed_at");