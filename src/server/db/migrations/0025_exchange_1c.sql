CREATE TABLE "exchange_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"login" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"price_type_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "product_prices_product_id_price_type_id_pk" PRIMARY KEY("product_id","price_type_id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_branches" (
	"external_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"branch_id" integer
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_price_type_id_price_types_id_fk" FOREIGN KEY ("price_type_id") REFERENCES "public"."price_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_branches" ADD CONSTRAINT "warehouse_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_sessions_token_uq" ON "exchange_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "exchange_sessions_expires_idx" ON "exchange_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_types_external_uq" ON "price_types" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "product_prices_type_idx" ON "product_prices" USING btree ("price_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_external_uq" ON "products" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_external_uq" ON "sections" USING btree ("external_id");