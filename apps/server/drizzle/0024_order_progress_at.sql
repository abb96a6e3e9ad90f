-- The watch's "stalled" order (docs/ARCHITECTURE.md#the-watch) is one whose provider reported no progress
-- for N hours, not merely an old one, and updated_at is rewritten by every status check: progress_at is
-- when its provider took it or last reported a different status or remains. Existing orders start from
-- when they were placed, which is what the watch counted from before.
ALTER TABLE "orders" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "progress_at" = "created_at" WHERE "provider_order_id" IS NOT NULL;
