CREATE TABLE "product_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer NOT NULL,
	"branch_id" integer,
	"user_id" text,
	"email" text,
	"sms" boolean DEFAULT false NOT NULL,
	"target_price" numeric(12, 2),
	"threshold" numeric(12, 2),
	"confirmed_at" timestamp with time zone,
	"seen" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_alerts" ADD CONSTRAINT "product_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD CONSTRAINT "product_alerts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD CONSTRAINT "product_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_alerts_owner_uq" ON "product_alerts" USING btree ("owner","product_id","kind");--> statement-breakpoint
CREATE INDEX "product_alerts_product_idx" ON "product_alerts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_alerts_user_idx" ON "product_alerts" USING btree ("user_id");