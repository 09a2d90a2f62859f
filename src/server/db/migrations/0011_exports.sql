ALTER TABLE "export_profiles" DROP CONSTRAINT "export_profiles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "export_profiles" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "owner_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "use_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "owner_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "schedule" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "feed_etag" text;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "feed_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "last_built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "last_size" bigint;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "last_rows" integer;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "last_pulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "last_pulled_ip" text;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD COLUMN "pull_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD CONSTRAINT "export_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_profiles" ADD CONSTRAINT "export_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_live_owner_uq" ON "api_tokens" USING btree ("owner_key") WHERE "api_tokens"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "export_profiles_owner_idx" ON "export_profiles" USING btree ("owner_key","status");