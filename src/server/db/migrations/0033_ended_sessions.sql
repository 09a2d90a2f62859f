CREATE TABLE "ended_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ended_sessions_at_idx" ON "ended_sessions" USING btree ("ended_at");