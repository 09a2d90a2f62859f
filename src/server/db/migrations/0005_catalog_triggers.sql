-- products.stock_qty = SUM(stocks.quantity) for that product, kept by statement-level triggers so
-- that a bulk import (5,000 rows per INSERT in the seed) costs one UPDATE per statement. Every trigger
-- names its transition table `changed_rows`, so one function serves inserts, updates and deletes.
CREATE OR REPLACE FUNCTION products_stock_qty_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET stock_qty = COALESCE((SELECT SUM(s.quantity) FROM stocks s WHERE s.product_id = p.id), 0)
  WHERE p.id IN (SELECT DISTINCT product_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_stock_qty_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET stock_qty = 0 WHERE stock_qty <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stocks_qty_insert AFTER INSERT ON stocks REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_sync();--> statement-breakpoint
-- An UPDATE may move a row to another product: both the old and the new product are recounted.
CREATE TRIGGER stocks_qty_update_new AFTER UPDATE ON stocks REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_sync();--> statement-breakpoint
CREATE TRIGGER stocks_qty_update_old AFTER UPDATE ON stocks REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_sync();--> statement-breakpoint
CREATE TRIGGER stocks_qty_delete AFTER DELETE ON stocks REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_sync();--> statement-breakpoint
CREATE TRIGGER stocks_qty_truncate AFTER TRUNCATE ON stocks
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_reset();--> statement-breakpoint
-- Existing databases: count what is already there.
UPDATE products p SET stock_qty = s.qty FROM (SELECT product_id, SUM(quantity)::int AS qty FROM stocks GROUP BY product_id) s WHERE s.product_id = p.id;
--> statement-breakpoint
-- The change log every app node polls to purge its cached catalogue pages (src/server/catalog/changes.ts).
-- A few products → one row each (purge those pages and the listings); a bulk change → one NULL row (purge all).
CREATE OR REPLACE FUNCTION catalog_log_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cnt int;
BEGIN
  SELECT count(*) INTO cnt FROM changed_rows;
  IF cnt = 0 THEN RETURN NULL; END IF;
  IF cnt <= 100 THEN
    INSERT INTO catalog_changes (product_id) SELECT DISTINCT id FROM changed_rows;
  ELSE
    INSERT INTO catalog_changes (product_id) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_log_products_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cnt int;
BEGIN
  -- Rows an UPDATE rewrote with the same values (the stock trigger often does) are not changes.
  SELECT count(*) INTO cnt FROM changed_rows nr JOIN old_rows orow ON orow.id = nr.id WHERE nr IS DISTINCT FROM orow;
  IF cnt = 0 THEN RETURN NULL; END IF;
  IF cnt <= 100 THEN
    INSERT INTO catalog_changes (product_id) SELECT nr.id FROM changed_rows nr JOIN old_rows orow ON orow.id = nr.id WHERE nr IS DISTINCT FROM orow;
  ELSE
    INSERT INTO catalog_changes (product_id) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_log_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (product_id) VALUES (NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_log_questions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only published questions are on the product page.
  INSERT INTO catalog_changes (product_id) SELECT DISTINCT product_id FROM changed_rows WHERE published;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_log_insert AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_products();--> statement-breakpoint
CREATE TRIGGER products_log_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_products_update();--> statement-breakpoint
CREATE TRIGGER products_log_delete AFTER DELETE ON products REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_products();--> statement-breakpoint
CREATE TRIGGER product_questions_log_insert AFTER INSERT ON product_questions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_questions();--> statement-breakpoint
CREATE TRIGGER product_questions_log_update AFTER UPDATE ON product_questions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_questions();--> statement-breakpoint
CREATE TRIGGER product_questions_log_update_new AFTER UPDATE ON product_questions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_questions();--> statement-breakpoint
CREATE TRIGGER product_questions_log_delete AFTER DELETE ON product_questions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_questions();--> statement-breakpoint
CREATE TRIGGER sections_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sections FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER section_properties_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON section_properties FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER brands_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER branches_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON branches FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER product_expendables_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_expendables FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER promotions_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotions FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER promotion_products_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotion_products FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER media_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER media_products_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media_products FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();--> statement-breakpoint
CREATE TRIGGER products_log_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_all();
