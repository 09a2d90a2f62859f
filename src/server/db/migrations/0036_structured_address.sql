ALTER TABLE "delivery_addresses" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "house" text;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "building" text;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "unstructured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "replaces_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address_fields" jsonb;--> statement-breakpoint
-- hand-written: structured address data
-- Addresses saved before they had fields keep their line whole in "address" (nothing a user saved is
-- lost) and are flagged unstructured: the personal area asks to complete them by fields (decision 0280).
-- Orders keep their "delivery_address" line; their "delivery_address_fields" stay NULL.
UPDATE "delivery_addresses" SET "unstructured" = true WHERE "city" IS NULL;
