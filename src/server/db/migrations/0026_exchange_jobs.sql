CREATE TABLE "exchange_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"file" text NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"sections" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deactivated" integer DEFAULT 0 NOT NULL,
	"prices" integer DEFAULT 0 NOT NULL,
	"stocks" integer DEFAULT 0 NOT NULL,
	"pictures" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"error" text,
	"node" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_jobs_current_uq" ON "exchange_jobs" USING btree ("session_id","file") WHERE "exchange_jobs"."current";--> statement-breakpoint
CREATE INDEX "exchange_jobs_started_idx" ON "exchange_jobs" USING btree ("started_at");