DROP INDEX "api_tokens_live_owner_uq";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "list_ids" integer[];--> statement-breakpoint
CREATE INDEX "api_tokens_live_owner_idx" ON "api_tokens" USING btree ("owner_key") WHERE "api_tokens"."revoked_at" IS NULL;--> statement-breakpoint
-- The one token each owner had until now keeps working under a name its owner will recognise.
UPDATE "api_tokens" SET "name" = 'Основной токен' WHERE "name" = '';
