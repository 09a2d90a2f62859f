CREATE TABLE "message_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"tag" text NOT NULL,
	"message" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"sent_ref" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."sent_at" IS NULL AND "message_outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "message_outbox_unsent_idx" ON "message_outbox" USING btree ("id") WHERE "message_outbox"."sent_at" IS NULL;--> statement-breakpoint
-- A new message wakes the senders that LISTEN (notifications/outbox.ts) when its transaction commits, on every node,
-- instead of at their next poll; one notification per statement, folded into one per transaction by PostgreSQL.
CREATE OR REPLACE FUNCTION message_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('message_outbox', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER message_outbox_notify AFTER INSERT ON message_outbox FOR EACH STATEMENT EXECUTE FUNCTION message_outbox_notify();
