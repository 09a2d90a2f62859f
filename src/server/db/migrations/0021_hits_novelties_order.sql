DROP INDEX "products_hit_idx";--> statement-breakpoint
DROP INDEX "products_new_idx";--> statement-breakpoint
CREATE INDEX "products_hits_popular_idx" ON "products" USING btree ("popularity" DESC NULLS FIRST,"id") WHERE "products"."is_hit";--> statement-breakpoint
CREATE INDEX "products_new_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."is_new";