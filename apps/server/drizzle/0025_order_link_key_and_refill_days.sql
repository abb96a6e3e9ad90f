-- One post, one open order, and refill days (docs/product.md#refill-and-cancellation).
-- link_key: the overlap rule compared links as typed, so one post written two ways (trailing slash,
-- tracking parameters, http/https, www, host case) passed as two links. New orders get the key from the
-- one domain normaliser (packages/domain order-link-key.ts); a migration cannot run it, so existing rows
-- get its plain-URL shape in SQL: scheme, fragment and a leading www. dropped, the host lower-cased,
-- trailing slashes dropped, path and query kept as typed. That is exactly the normaliser's key for most
-- typed links; an old open order typed in a platform's other form (youtu.be, /reel/) may still let one
-- new order of the same post through until it finishes (only open orders matter to the rule).
-- refill_days: an order's refill right is what the member bought, so the service's window is copied at
-- placement; existing rows take the service's window today (the best that is known).
-- forced_refund_at: an operator's 강제 환불 without the provider's word, kept on the order.
ALTER TABLE "orders" ADD COLUMN "link_key" text;--> statement-breakpoint
UPDATE "orders" SET "link_key" = coalesce(
  regexp_replace(lower(substring(btrim("link") from '^(?:[Hh][Tt][Tt][Pp][Ss]?://)?([^/?#]*)')), '^www\.', '')
    || regexp_replace(coalesce(substring(btrim("link") from '^(?:[Hh][Tt][Tt][Pp][Ss]?://)?[^/?#]*([^#]*)'), ''), '/+(\?|$)', '\1'),
  btrim("link"));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "link_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_open_service_link_idx";--> statement-breakpoint
CREATE INDEX "orders_open_service_link_key_idx" ON "orders" USING btree ("service_id","link_key") WHERE "orders"."status" IN (0, 1, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refill_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" AS o SET "refill_days" = s."refill_days" FROM "services" AS s WHERE s."id" = o."service_id";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "forced_refund_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auto_orders" ADD COLUMN "refill_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "auto_orders" AS a SET "refill_days" = s."refill_days" FROM "services" AS s WHERE s."id" = a."service_id";
