-- Search index maintained inside the database (see docs/decisions/0030-search.md): every writer of
-- products, brands or sections (the app, the seed, an import, psql) updates the documents in the
-- same transaction, so every app node finds a change at once without any in-process index.

-- Lower case and ё = е before PostgreSQL's `russian` stemmer (older Snowball versions keep ё).
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(coalesce(t, '')), 'ё', 'е')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_props_text(props jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(value, ' '), '') FROM jsonb_each_text(coalesce(props, '{}'::jsonb))
$$;
--> statement-breakpoint
-- Name and brand in both alphabets weigh most (A), then the section path (B), then property values (C).
CREATE OR REPLACE FUNCTION search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- All section paths at once (a hundred sections), not one recursive query per product.
  WITH RECURSIVE up AS (
    SELECT id AS leaf, parent_id, name, 0 AS lvl FROM sections
    UNION ALL SELECT up.leaf, s.parent_id, s.name, up.lvl + 1 FROM sections s JOIN up ON s.id = up.parent_id WHERE up.lvl < 5
  ), paths AS (
    SELECT leaf, string_agg(name, ' ' ORDER BY lvl) AS path FROM up GROUP BY leaf
  ), src AS (
    SELECT p.id,
           search_fold(p.name || ' ' || b.name || ' ' || coalesce(b.name_cyr, '')) AS head,
           search_fold(coalesce(paths.path, '')) AS path,
           search_fold(search_props_text(p.properties)) AS props
    FROM products p JOIN brands b ON b.id = p.brand_id LEFT JOIN paths ON paths.leaf = p.section_id
    WHERE p.id = ANY(ids)
  ), docs AS (
    INSERT INTO search_documents (product_id, doc)
    SELECT id,
           setweight(to_tsvector('russian', head), 'A')
        || setweight(to_tsvector('russian', path), 'B')
        || setweight(to_tsvector('russian', props), 'C')
    FROM src
    ON CONFLICT (product_id) DO UPDATE SET doc = EXCLUDED.doc
    RETURNING 1
  )
  -- Letter-only words: article numbers and sizes are matched exactly, never "corrected".
  INSERT INTO search_vocabulary (lexeme, word)
  SELECT DISTINCT ON (lex) lex, w
  FROM (
    SELECT w, unnest(tsvector_to_array(to_tsvector('russian', w))) AS lex
    FROM (SELECT DISTINCT regexp_split_to_table(head || ' ' || path || ' ' || props, '[^a-zа-яіў]+') AS w FROM src) words
    WHERE length(w) > 1
  ) x
  ORDER BY lex, length(w), w
  ON CONFLICT (lexeme) DO NOTHING;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY(SELECT id FROM search_new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_products_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY(
    SELECT n.id FROM search_new_rows n JOIN search_old_rows o ON o.id = n.id
    WHERE (n.name, n.brand_id, n.section_id, n.properties) IS DISTINCT FROM (o.name, o.brand_id, o.section_id, o.properties)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_products_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS search_old_rows NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_brand_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY(SELECT id FROM products WHERE brand_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_brand_renamed AFTER UPDATE OF name, name_cyr ON brands
  FOR EACH ROW EXECUTE FUNCTION search_brand_renamed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_section_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER search_section_renamed AFTER UPDATE OF name, parent_id ON sections
  FOR EACH ROW EXECUTE FUNCTION search_section_renamed();
--> statement-breakpoint
-- Part of an article (`1234` of `GSB1234K`, or `GSB12` while typing) is found through trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_article_norm_trgm_idx ON products USING gin (article_norm gin_trgm_ops);
--> statement-breakpoint
-- Databases that already hold products get their documents now.
SELECT search_refresh(ARRAY(SELECT id FROM products));
