-- Catalogue sync and the margin guard (docs/ARCHITECTURE.md#catalogue-sync): per-provider
-- sync settings and the claim column, the operator's exchange rates, the sync's runs and their changes, each
-- service's markup / pinned price / why the sync stopped it, an order's provider charge and its flag, and
-- audit_log.operator_id nullable: a null operator is the system's own action (shown as 시스템).
CREATE TABLE "catalogue_sync_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"field" text NOT NULL,
	"from_value" jsonb,
	"to_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"error" text,
	"currency" text,
	"exchange_rate" text,
	"unmapped_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"won_per_unit" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "operator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_charge" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_exceeds_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "sync_interval_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "sync_reenable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "margin_guard" text DEFAULT 'disable' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "markup_percent" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "price_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sync_disabled" text;--> statement-breakpoint
ALTER TABLE "catalogue_sync_changes" ADD CONSTRAINT "catalogue_sync_changes_run_id_catalogue_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."catalogue_sync_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_sync_changes" ADD CONSTRAINT "catalogue_sync_changes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_sync_runs" ADD CONSTRAINT "catalogue_sync_runs_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_sync_changes_run_idx" ON "catalogue_sync_changes" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "catalogue_sync_runs_provider_idx" ON "catalogue_sync_runs" USING btree ("provider_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_sync_runs_one_running" ON "catalogue_sync_runs" USING btree ("provider_id") WHERE "catalogue_sync_runs"."status" = 'running';