CREATE TABLE "order_documents" (
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"date" date,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_documents_order_id_kind_pk" PRIMARY KEY("order_id","kind")
);
--> statement-breakpoint
CREATE TABLE "order_exchange" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_updated_at" timestamp with time zone,
	"taken_at" timestamp with time zone,
	"taken_updated_at" timestamp with time zone,
	"number_1c" text,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_on" date,
	"shipped" boolean DEFAULT false NOT NULL,
	"shipped_on" date,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exchange" ADD CONSTRAINT "order_exchange_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_exchange_sent_idx" ON "order_exchange" USING btree ("sent_at");