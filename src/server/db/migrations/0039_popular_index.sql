-- A level-1 or level-2 listing in its default order (popularity) walks this index to its first page instead of
-- sorting every product below it (at 100,000 products: 50–70 ms → 0.5 ms for /catalog/elektroinstrument/).
CREATE INDEX "products_popular_idx" ON "products" USING btree ("popularity" DESC NULLS FIRST,"id");