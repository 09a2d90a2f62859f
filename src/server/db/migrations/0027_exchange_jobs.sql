CREATE TABLE "exchange_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"file" text NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"sections" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deactivated" integer DEFAULT 0 NOT NULL,
	"prices" integer DEFAULT 0 NOT NULL,
	"stocks" integer DEFAULT 0 NOT NULL,
	"pictures" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"error" text,
	"node" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_jobs_current_uq" ON "exchange_jobs" USING btree ("session_id","file") WHERE "exchange_jobs"."current";--> statement-breakpoint
CREATE INDEX "exchange_jobs_started_idx" ON "exchange_jobs" USING btree ("started_at");--> statement-breakpoint
-- products.stock_qty is written only where the sum really changed (issue 24's 1C import): an upsert of stocks fires
-- both UPDATE triggers (new and old rows) and each rewrote every product of the statement, with its row triggers
-- and change-log work, even when the total was the same — a price-and-stock package of 100,000 offers paid it twice.
CREATE OR REPLACE FUNCTION products_stock_qty_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET stock_qty = c.qty
  FROM (
    SELECT ids.product_id, COALESCE((SELECT SUM(s.quantity) FROM stocks s WHERE s.product_id = ids.product_id), 0)::int AS qty
    FROM (SELECT DISTINCT product_id FROM changed_rows) ids
  ) c
  WHERE p.id = c.product_id AND p.stock_qty IS DISTINCT FROM c.qty;
  RETURN NULL;
END $$;
