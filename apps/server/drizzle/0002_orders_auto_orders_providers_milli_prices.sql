CREATE TABLE "auto_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"link" text NOT NULL,
	"amount" integer NOT NULL,
	"runs" integer NOT NULL,
	"interval_minutes" integer NOT NULL,
	"unit_price_milli" bigint NOT NULL,
	"cost" integer NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_orders_runs" CHECK ("auto_orders"."runs" > 1 AND "auto_orders"."completed" >= 0 AND "auto_orders"."completed" <= "auto_orders"."runs"),
	CONSTRAINT "auto_orders_refund_within_cost" CHECK ("auto_orders"."refunded" >= 0 AND "auto_orders"."refunded" <= "auto_orders"."cost")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"auto_order_id" integer,
	"link" text NOT NULL,
	"amount" integer NOT NULL,
	"unit_price_milli" bigint NOT NULL,
	"cost" integer NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"provider_id" integer,
	"provider_service_id" text,
	"provider_order_id" text,
	"start_count" integer,
	"remains" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"last_error" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount" > 0),
	CONSTRAINT "orders_refund_within_cost" CHECK ("orders"."refunded" >= 0 AND "orders"."refunded" <= "orders"."cost")
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api_url" text NOT NULL,
	"api_key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_provider_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"link" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"start_count" integer DEFAULT 0 NOT NULL,
	"remains" integer NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_point_positive";--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "point" DROP NOT NULL;--> statement-breakpoint
-- Whole-won prices become thousandths of a won: add, copy, then require.
ALTER TABLE "services" ADD COLUMN "unit_price_milli" bigint;--> statement-breakpoint
UPDATE "services" SET "unit_price_milli" = "point"::bigint * 1000;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "unit_price_milli" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "provider_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "provider_service_id" text;--> statement-breakpoint
ALTER TABLE "auto_orders" ADD CONSTRAINT "auto_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_orders" ADD CONSTRAINT "auto_orders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_orders_account_idempotency_key" ON "auto_orders" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "auto_orders_account_id_idx" ON "auto_orders" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "auto_orders_account_status_id_idx" ON "auto_orders" USING btree ("account_id","status","id");--> statement-breakpoint
CREATE INDEX "auto_orders_due_idx" ON "auto_orders" USING btree ("next_run_at") WHERE "auto_orders"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_account_idempotency_key" ON "orders" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_account_id_idx" ON "orders" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "orders_account_status_id_idx" ON "orders" USING btree ("account_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_auto_order_idx" ON "orders" USING btree ("auto_order_id");--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("next_check_at") WHERE "orders"."status" IN (0, 1, 4);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_unit_price_positive" CHECK ("services"."unit_price_milli" > 0);--> statement-breakpoint
-- An installation with a catalogue gets the built-in simulated provider for every unmapped service,
-- so its services stay orderable; an operator maps them to real providers later.
INSERT INTO "providers" ("name", "api_url", "api_key") SELECT '시뮬레이션 공급사 (데모)', 'builtin:simulated', 'demo' WHERE EXISTS (SELECT 1 FROM "services");--> statement-breakpoint
UPDATE "services" SET "provider_id" = (SELECT min("id") FROM "providers"), "provider_service_id" = "id"::text WHERE "provider_id" IS NULL;
