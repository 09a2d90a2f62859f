-- One change log (change_log, scope 'catalog' | 'search') instead of catalog_changes and search_changes:
-- the same trigger functions, now writing their rows with a scope. Read by server/changes/feed.ts.

--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_log_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cnt int;
BEGIN
  SELECT count(*) INTO cnt FROM changed_rows;
  IF cnt = 0 THEN RETURN NULL; END IF;
  IF cnt <= 100 THEN
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
  IF cnt <= 100 THEN
    INSERT INTO change_log (scope, product_id) SELECT 'catalog', nr.id FROM changed_rows nr JOIN old_rows orow ON orow.id = nr.id WHERE nr IS DISTINCT FROM orow;
  ELSE
    INSERT INTO change_log (scope, product_id) VALUES ('catalog', NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_log_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (scope, product_id) VALUES ('catalog', NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_log_questions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only published questions are on the product page.
  INSERT INTO change_log (scope, product_id) SELECT DISTINCT 'catalog', product_id FROM changed_rows WHERE published;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (scope, product_id)
    SELECT 'search', id FROM search_new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO change_log (scope, product_id)
    SELECT 'search', id FROM search_old_rows;
  ELSE
    INSERT INTO change_log (scope, product_id)
    SELECT 'search', n.id FROM search_new_rows n JOIN search_old_rows o ON o.id = n.id
    WHERE (n.name, n.brand_id, n.section_id, n.properties, n.price, n.popularity, n.active, n.created_at, n.article_norm)
      IS DISTINCT FROM (o.name, o.brand_id, o.section_id, o.properties, o.price, o.popularity, o.active, o.created_at, o.article_norm);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_log_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (scope, product_id) VALUES ('search', NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_brand_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY(SELECT id FROM products WHERE brand_id = NEW.id));
  INSERT INTO change_log (scope, product_id)
    SELECT 'search', id FROM products WHERE brand_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_section_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE down AS (
    SELECT NEW.id AS id, 0 AS lvl
    UNION ALL SELECT s.id, down.lvl + 1 FROM sections s JOIN down ON s.parent_id = down.id WHERE down.lvl < 5
  )
  INSERT INTO change_log (scope, product_id)
    SELECT 'search', p.id FROM products p JOIN down ON p.section_id = down.id;
  PERFORM search_refresh(ARRAY(
    WITH RECURSIVE down AS (
      SELECT NEW.id AS id, 0 AS lvl
      UNION ALL SELECT s.id, down.lvl + 1 FROM sections s JOIN down ON s.parent_id = down.id WHERE down.lvl < 5
    )
    SELECT p.id FROM products p JOIN down ON p.section_id = down.id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TABLE IF EXISTS search_changes;
--> statement-breakpoint
-- Every node reloads its search index and drops its cached pages once.
INSERT INTO change_log (scope, product_id) VALUES ('search', NULL), ('catalog', NULL);
