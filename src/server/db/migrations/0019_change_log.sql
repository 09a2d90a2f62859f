CREATE TABLE "change_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"product_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "catalog_changes" CASCADE;--> statement-breakpoint
CREATE INDEX "change_log_at_idx" ON "change_log" USING btree ("at");