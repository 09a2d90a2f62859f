-- Editors' entries reach every node through the change log (scope 'content', decision 0210): a save that
-- changes what guests may see — an entry published before or after it — logs one row; a draft's own
-- saves log nothing, so a cached page is not dropped for what no guest can see.
CREATE OR REPLACE FUNCTION content_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.status = 'published') OR (TG_OP <> 'DELETE' AND NEW.status = 'published') THEN
    INSERT INTO change_log (scope, product_id) VALUES ('content', NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER content_entries_log AFTER INSERT OR UPDATE OR DELETE ON content_entries FOR EACH ROW EXECUTE FUNCTION content_log_changes();
--> statement-breakpoint
-- Staff roles (issue 25): store employees who worked the desk before roles existed keep what they did —
-- the orders, the requests and the prices (price list, 1C's warehouses and price types); an editor's `content`
-- is granted explicitly.
UPDATE users SET permissions = '["orders","requests","prices"]'::jsonb WHERE is_staff AND NOT (permissions ?| ARRAY['content','orders','requests','prices']);
