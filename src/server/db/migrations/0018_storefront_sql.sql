-- updated_at follows real edits: the sitemap's lastmod is the row's change time (issue 18). A row
-- trigger sets it to now() when an UPDATE changes the row's content, unless the statement set
-- updated_at itself (an import that knows the real date). Derived figures kept by other triggers and
-- jobs — stock_qty, popularity, product_count — are not edits of the page and do not move it.
CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN
    RETURN NEW;
  END IF;
  IF (to_jsonb(NEW) - 'updated_at' - 'stock_qty' - 'popularity' - 'product_count')
     IS DISTINCT FROM (to_jsonb(OLD) - 'updated_at' - 'stock_qty' - 'popularity' - 'product_count') THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_touch_updated_at ON products;--> statement-breakpoint
CREATE TRIGGER products_touch_updated_at BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION touch_updated_at();--> statement-breakpoint
DROP TRIGGER IF EXISTS sections_touch_updated_at ON sections;--> statement-breakpoint
CREATE TRIGGER sections_touch_updated_at BEFORE UPDATE ON sections FOR EACH ROW EXECUTE FUNCTION touch_updated_at();--> statement-breakpoint
DROP TRIGGER IF EXISTS brands_touch_updated_at ON brands;--> statement-breakpoint
CREATE TRIGGER brands_touch_updated_at BEFORE UPDATE ON brands FOR EACH ROW EXECUTE FUNCTION touch_updated_at();--> statement-breakpoint
DROP TRIGGER IF EXISTS branches_touch_updated_at ON branches;--> statement-breakpoint
CREATE TRIGGER branches_touch_updated_at BEFORE UPDATE ON branches FOR EACH ROW EXECUTE FUNCTION touch_updated_at();--> statement-breakpoint
-- A product's photos are part of its page: importing or removing one is an edit of the product.
CREATE OR REPLACE FUNCTION product_images_touch_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET updated_at = now() WHERE id IN (SELECT product_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS product_images_touch_insert ON product_images;--> statement-breakpoint
CREATE TRIGGER product_images_touch_insert AFTER INSERT ON product_images REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_images_touch_product();--> statement-breakpoint
DROP TRIGGER IF EXISTS product_images_touch_delete ON product_images;--> statement-breakpoint
CREATE TRIGGER product_images_touch_delete AFTER DELETE ON product_images REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_images_touch_product();
