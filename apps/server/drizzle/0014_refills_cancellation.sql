-- Refill and cancellation (docs/product.md#refill-and-cancellation): a service's refill window and
-- cancellability, an order's finish and cancel-request times, the refills themselves (one open per
-- order), and a charge its member withdrew (status 3).
CREATE TABLE "order_refills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"provider_refill_id" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"lease_token" text,
	"source" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "order_refills_status_known" CHECK ("order_refills"."status" IN (0, 1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "refill_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cancellable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refills" ADD CONSTRAINT "order_refills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refills" ADD CONSTRAINT "order_refills_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refills_order_idx" ON "order_refills" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_refills_account_idx" ON "order_refills" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "order_refills_status_idx" ON "order_refills" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refills_one_open_per_order" ON "order_refills" USING btree ("order_id") WHERE "order_refills"."status" IN (0, 1);--> statement-breakpoint
CREATE INDEX "order_refills_due_idx" ON "order_refills" USING btree ("next_check_at") WHERE "order_refills"."status" IN (0, 1);--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_status_known" CHECK ("charges"."status" IN (0, 1, 2, 3));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_refill_days_range" CHECK ("services"."refill_days" >= 0 AND "services"."refill_days" <= 365);--> statement-breakpoint
-- Orders already final before this migration: their last change is when they finished.
UPDATE "orders" SET "finished_at" = "updated_at" WHERE "status" IN (2, 3, 5);