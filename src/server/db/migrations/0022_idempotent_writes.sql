CREATE TABLE "idempotent_writes" (
	"owner_key" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_writes_owner_key_key_pk" PRIMARY KEY("owner_key","key")
);
--> statement-breakpoint
CREATE INDEX "idempotent_writes_created_idx" ON "idempotent_writes" USING btree ("created_at");