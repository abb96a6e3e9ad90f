ALTER TABLE "accounts" ADD COLUMN "api_key_suffix" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
-- Orders and auto-orders share one id space (the public API's wId / v2 `order` names either kind):
-- auto-orders draw their ids from the orders sequence, which starts past every id in use.
SELECT setval('orders_id_seq', GREATEST((SELECT coalesce(max(id), 0) FROM orders), (SELECT coalesce(max(id), 0) FROM auto_orders)) + 1, false);--> statement-breakpoint
ALTER TABLE "auto_orders" ALTER COLUMN "id" SET DEFAULT nextval('orders_id_seq');
