CREATE TABLE "search_documents" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"doc" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_doc_idx" ON "search_documents" USING gin ("doc");