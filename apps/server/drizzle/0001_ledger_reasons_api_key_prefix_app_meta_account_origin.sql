CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "origin" text DEFAULT 'signup' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "api_key_prefix" text;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_reason_known" CHECK ("point_ledger"."reason" IN ('CHARGE', 'ORDER', 'REFUND', 'ADJUSTMENT'));--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_delta_not_zero" CHECK ("point_ledger"."delta" <> 0);--> statement-breakpoint
-- Installations seeded before the marker existed count as seeded, so emptied tables stay empty.
INSERT INTO "app_meta" ("key", "value") SELECT 'demo-data-seeded', 'before-marker' WHERE EXISTS (SELECT 1 FROM "platforms");
--> statement-breakpoint
-- Operators created by ADMIN_ID before this column existed.
UPDATE "accounts" SET "origin" = 'admin-config' WHERE "role" = 'admin';
