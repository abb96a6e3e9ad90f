-- The keys live in idempotency_keys since 0011 (one space per member across orders and auto-orders).
DROP INDEX "auto_orders_account_idempotency_key";--> statement-breakpoint
DROP INDEX "orders_account_idempotency_key";--> statement-breakpoint
ALTER TABLE "auto_orders" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "idempotency_key";