-- The catalogue sync keeps what the operator set by hand (docs/product.md#operator-console): besides the
-- price (price_pinned), each of min, max, refill_days and cancellable the service form changed is pinned,
-- held as a JSON array of those field names. Empty on every existing row: the sync follows as before.
ALTER TABLE "services" ADD COLUMN "pinned_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;
