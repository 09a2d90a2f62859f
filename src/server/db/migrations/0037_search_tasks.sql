CREATE TABLE "search_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phrases" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "search_tasks" ADD CONSTRAINT "search_tasks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_tasks_name_uq" ON "search_tasks" USING btree ("name");--> statement-breakpoint
-- Every node keeps a copy of the tasks for query understanding: any write logs one `tasks` row (decision 0290),
-- whoever makes it (the desk, the seed, a hand-run statement).
CREATE OR REPLACE FUNCTION search_tasks_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (scope, product_id) VALUES ('tasks', NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_tasks_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_tasks FOR EACH STATEMENT EXECUTE FUNCTION search_tasks_log_changes();
