ALTER TABLE "change_log" ADD COLUMN "xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
CREATE INDEX "change_log_xid_idx" ON "change_log" USING btree ("xid");--> statement-breakpoint
-- Bulk changes are logged product by product (up to 20,000 rows in one statement, was 100): an import
-- that reprices 6,000 products drops those products' pages, not every cached page of the store.
CREATE OR REPLACE FUNCTION catalog_log_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cnt int;
BEGIN
  SELECT count(*) INTO cnt FROM changed_rows;
  IF cnt = 0 THEN RETURN NULL; END IF;
  IF cnt <= 20000 THEN
    INSERT INTO change_log (scope, product_id) SELECT DISTINCT 'catalog', id FROM changed_rows;
  ELSE
    INSERT INTO change_log (scope, product_id) VALUES ('catalog', NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_log_products_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cnt int;
BEGIN
  -- Rows an UPDATE rewrote with the same values (the stock trigger often does) are not changes.
  SELECT count(*) INTO cnt FROM changed_rows nr JOIN old_rows orow ON orow.id = nr.id WHERE nr IS DISTINCT FROM orow;
  IF cnt = 0 THEN RETURN NULL; END IF;
  IF cnt <= 20000 THEN
    INSERT INTO change_log (scope, product_id) SELECT 'catalog', nr.id FROM changed_rows nr JOIN old_rows orow ON orow.id = nr.id WHERE nr IS DISTINCT FROM orow;
  ELSE
    INSERT INTO change_log (scope, product_id) VALUES ('catalog', NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The statement triggers join a statement's OLD and NEW transition tables, which have no statistics: a
-- nested loop over them rescans a spilled tuplestore once per row (a 6,000-row UPDATE took a minute).
ALTER FUNCTION catalog_log_products_update() SET enable_nestloop = off;
--> statement-breakpoint
ALTER FUNCTION search_log_changes() SET enable_nestloop = off;
--> statement-breakpoint
ALTER FUNCTION search_products_updated() SET enable_nestloop = off;
