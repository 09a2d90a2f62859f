CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 20001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_reservations" (
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "order_reservations_order_id_product_id_branch_id_pk" PRIMARY KEY("order_id","product_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "on_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_reservations" ADD CONSTRAINT "order_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reservations" ADD CONSTRAINT "order_reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reservations" ADD CONSTRAINT "order_reservations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;