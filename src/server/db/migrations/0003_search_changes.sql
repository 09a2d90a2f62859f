-- A change feed for the in-process search index of each app node (docs/decisions/0030-search.md):
-- every change that affects what search finds, filters or sorts appends the product id here, in the
-- writer's own transaction; nodes read what is new before each search. product_id NULL = reload all.
CREATE TABLE IF NOT EXISTS search_changes (
  id bigserial PRIMARY KEY,
  product_id integer,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_changes (product_id) SELECT id FROM search_new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (product_id) SELECT id FROM search_old_rows;
  ELSE
    INSERT INTO search_changes (product_id)
    SELECT n.id FROM search_new_rows n JOIN search_old_rows o ON o.id = n.id
    WHERE (n.name, n.brand_id, n.section_id, n.properties, n.price, n.popularity, n.active, n.created_at, n.article_norm)
      IS DISTINCT FROM (o.name, o.brand_id, o.section_id, o.properties, o.price, o.popularity, o.active, o.created_at, o.article_norm);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_log_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_changes();
--> statement-breakpoint
CREATE TRIGGER search_log_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS search_old_rows NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_changes();
--> statement-breakpoint
CREATE TRIGGER search_log_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS search_old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_changes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) VALUES (NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_log_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION search_log_truncated();
--> statement-breakpoint
-- Brand and section renames change documents without touching products: log them from the refresh itself.
CREATE OR REPLACE FUNCTION search_brand_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY(SELECT id FROM products WHERE brand_id = NEW.id));
  INSERT INTO search_changes (product_id) SELECT id FROM products WHERE brand_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_section_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE down AS (
    SELECT NEW.id AS id, 0 AS lvl
    UNION ALL SELECT s.id, down.lvl + 1 FROM sections s JOIN down ON s.parent_id = down.id WHERE down.lvl < 5
  )
  INSERT INTO search_changes (product_id) SELECT p.id FROM products p JOIN down ON p.section_id = down.id;
  PERFORM search_refresh(ARRAY(
    WITH RECURSIVE down AS (
      SELECT NEW.id AS id, 0 AS lvl
      UNION ALL SELECT s.id, down.lvl + 1 FROM sections s JOIN down ON s.parent_id = down.id WHERE down.lvl < 5
    )
    SELECT p.id FROM products p JOIN down ON p.section_id = down.id
  ));
  RETURN NULL;
END $$;
