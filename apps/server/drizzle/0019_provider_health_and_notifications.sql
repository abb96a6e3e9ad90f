-- Provider health and operator notifications (docs/ARCHITECTURE.md#provider-health,
-- #operator-notifications): per-minute call counts and durations per provider and action, the last errors and
-- balance samples, the operator's stop-sending switch and a service's failover provider; one row per operator
-- notification, unique per open event, with each channel's delivery state.
CREATE TABLE "operator_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"telegram_status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_balance_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"balance" text,
	"currency" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_call_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"action" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_call_stats" (
	"provider_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"total_ms" bigint DEFAULT 0 NOT NULL,
	"max_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_call_stats_provider_id_bucket_action_pk" PRIMARY KEY("provider_id","bucket","action")
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "sending_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "balance_sampled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "failover_provider_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "failover_provider_service_id" text;--> statement-breakpoint
ALTER TABLE "provider_balance_samples" ADD CONSTRAINT "provider_balance_samples_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_call_errors" ADD CONSTRAINT "provider_call_errors_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_call_stats" ADD CONSTRAINT "provider_call_stats_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_notifications_open_event" ON "operator_notifications" USING btree ("event_key") WHERE "operator_notifications"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "operator_notifications_due_idx" ON "operator_notifications" USING btree ("next_attempt_at") WHERE "operator_notifications"."email_status" = 'pending' OR "operator_notifications"."telegram_status" = 'pending';--> statement-breakpoint
CREATE INDEX "operator_notifications_created_idx" ON "operator_notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "provider_balance_samples_provider_idx" ON "provider_balance_samples" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_call_errors_provider_idx" ON "provider_call_errors" USING btree ("provider_id","id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_failover_provider_id_providers_id_fk" FOREIGN KEY ("failover_provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;