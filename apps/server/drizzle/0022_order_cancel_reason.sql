-- Why the worker cancelled and refunded an order its provider refused or never took (docs/product.md#orders):
-- last_error is cleared when an order leaves its open states, so the reason gets its own column, shown
-- to the operator and, in Korean, to the member. Null on every existing row (nothing to backfill).
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;
