-- Every statement that writes the change log wakes the nodes that LISTEN (changes/feed.ts on PostgreSQL): they read
-- the log when the writing transaction commits instead of at their next poll. PostgreSQL delivers a notification
-- only on commit and folds identical ones of one transaction into one, so a 100,000-row import sends one.
CREATE OR REPLACE FUNCTION change_log_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('change_log', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER change_log_notify AFTER INSERT ON change_log FOR EACH STATEMENT EXECUTE FUNCTION change_log_notify();
