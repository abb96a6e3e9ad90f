-- The overlap rule (docs/product.md#refill-and-cancellation) asks at every order whether an open order of
-- the same service for the same link exists: answered from this partial index instead of a scan.
CREATE INDEX "orders_open_service_link_idx" ON "orders" USING btree ("service_id","link") WHERE "orders"."status" IN (0, 1, 4);