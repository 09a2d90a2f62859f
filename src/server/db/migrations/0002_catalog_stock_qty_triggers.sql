-- products.stock_qty = SUM(stocks.quantity) for that product, kept by statement-level triggers so
-- that a bulk import (5,000 rows per INSERT in the seed) costs one UPDATE per statement.
CREATE OR REPLACE FUNCTION products_stock_qty_from_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET stock_qty = COALESCE((SELECT SUM(s.quantity) FROM stocks s WHERE s.product_id = p.id), 0)
  WHERE p.id IN (SELECT DISTINCT product_id FROM new_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_stock_qty_from_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET stock_qty = COALESCE((SELECT SUM(s.quantity) FROM stocks s WHERE s.product_id = p.id), 0)
  WHERE p.id IN (SELECT DISTINCT product_id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_stock_qty_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET stock_qty = 0 WHERE stock_qty <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stocks_qty_insert AFTER INSERT ON stocks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_from_new();--> statement-breakpoint
-- An UPDATE may move a row to another product: both the old and the new product are recounted.
CREATE TRIGGER stocks_qty_update_new AFTER UPDATE ON stocks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_from_new();--> statement-breakpoint
CREATE TRIGGER stocks_qty_update_old AFTER UPDATE ON stocks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_from_old();--> statement-breakpoint
CREATE TRIGGER stocks_qty_delete AFTER DELETE ON stocks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_from_old();--> statement-breakpoint
CREATE TRIGGER stocks_qty_truncate AFTER TRUNCATE ON stocks
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_qty_reset();--> statement-breakpoint
-- Existing databases: count what is already there.
UPDATE products p SET stock_qty = s.qty FROM (SELECT product_id, SUM(quantity)::int AS qty FROM stocks GROUP BY product_id) s WHERE s.product_id = p.id;
