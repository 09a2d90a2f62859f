-- Search, second pass (docs/decisions/0030-search.md, issue 17): a product's document carries the name of
-- its own (leaf) section only. The names of the sections above it («Молотки и кувалды», «Шуруповёрты»)
-- made a hammer match «кувалда» and an impact wrench «шуруповерт»; the query side now recognises a
-- section above the leaves by name instead. Those names stay in the vocabulary (typo correction).
-- Self-contained: replaces search_refresh() and rebuilds every document.
CREATE OR REPLACE FUNCTION search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  WITH RECURSIVE up AS (
    SELECT id AS leaf, parent_id, name, 0 AS lvl FROM sections
    UNION ALL SELECT up.leaf, s.parent_id, s.name, up.lvl + 1 FROM sections s JOIN up ON s.id = up.parent_id WHERE up.lvl < 5
  ), paths AS (
    SELECT leaf, string_agg(name, ' ' ORDER BY lvl) AS path FROM up GROUP BY leaf
  ), src AS (
    SELECT p.id,
           search_fold(p.name || ' ' || b.name || ' ' || coalesce(b.name_cyr, '')) AS head,
           search_fold(coalesce(s.name, '')) AS leaf,
           search_fold(coalesce(paths.path, '')) AS path,
           search_fold(search_props_text(p.properties)) AS props
    FROM products p JOIN brands b ON b.id = p.brand_id
    LEFT JOIN sections s ON s.id = p.section_id
    LEFT JOIN paths ON paths.leaf = p.section_id
    WHERE p.id = ANY(ids)
  ), docs AS (
    INSERT INTO search_documents (product_id, doc)
    SELECT id,
           setweight(to_tsvector('russian', head), 'A')
        || setweight(to_tsvector('russian', leaf), 'B')
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
-- Existing documents are rebuilt, and every app node's in-process index reloads (NULL = everything changed).
SELECT search_refresh(ARRAY(SELECT id FROM products));
--> statement-breakpoint
INSERT INTO search_changes (product_id) VALUES (NULL);
