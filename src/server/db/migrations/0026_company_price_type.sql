CREATE TABLE "warehouse_stocks" (
	"product_id" integer NOT NULL,
	"warehouse_id" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "warehouse_stocks_product_id_warehouse_id_pk" PRIMARY KEY("product_id","warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "price_type_id" integer;--> statement-breakpoint
ALTER TABLE "warehouse_stocks" ADD CONSTRAINT "warehouse_stocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_stocks" ADD CONSTRAINT "warehouse_stocks_warehouse_id_warehouse_branches_external_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse_branches"("external_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_stocks_warehouse_idx" ON "warehouse_stocks" USING btree ("warehouse_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_price_type_id_price_types_id_fk" FOREIGN KEY ("price_type_id") REFERENCES "public"."price_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_price_type_idx" ON "companies" USING btree ("price_type_id");