-- Signed-in catalogue pages are cached per pricing profile (decision 0310). Every node must hear, within a
-- second, of what changes a profile or who has which: a `terms` row for a company's terms or a price list's
-- prices (every node drops its profile pages), a `sessions` row when a session ends or a user's profile inputs
-- change (every node forgets which session has which profile). Written by triggers, whoever writes: the desk,
-- the 1C exchange, the price-list import, a hand-run statement.
CREATE OR REPLACE FUNCTION page_profiles_log_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (scope, product_id) VALUES ('terms', NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_profiles_log_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (scope, product_id) VALUES ('sessions', NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_terms_log AFTER UPDATE OF discount_percent, price_type_id ON companies
  FOR EACH ROW WHEN (OLD.discount_percent IS DISTINCT FROM NEW.discount_percent OR OLD.price_type_id IS DISTINCT FROM NEW.price_type_id)
  EXECUTE FUNCTION page_profiles_log_terms();
--> statement-breakpoint
CREATE TRIGGER company_discounts_terms_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_discounts
  FOR EACH STATEMENT EXECUTE FUNCTION page_profiles_log_terms();
--> statement-breakpoint
CREATE TRIGGER product_prices_terms_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_prices
  FOR EACH STATEMENT EXECUTE FUNCTION page_profiles_log_terms();
--> statement-breakpoint
CREATE TRIGGER users_profile_log AFTER UPDATE OF company_id, default_branch_id, blocked, active, is_staff ON users
  FOR EACH ROW WHEN ((OLD.company_id, OLD.default_branch_id, OLD.blocked, OLD.active, OLD.is_staff) IS DISTINCT FROM (NEW.company_id, NEW.default_branch_id, NEW.blocked, NEW.active, NEW.is_staff))
  EXECUTE FUNCTION page_profiles_log_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_ended_log AFTER DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION page_profiles_log_sessions();
