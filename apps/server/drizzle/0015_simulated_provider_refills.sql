-- The built-in simulated provider's refills (docs/ARCHITECTURE.md#upstream-providers): the refill id it
-- answers, its simulated order, the trade's status text, the status checks so far and a rejection's reason.
CREATE TABLE "simulated_provider_refills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "simulated_provider_refills" ADD CONSTRAINT "simulated_provider_refills_order_id_simulated_provider_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."simulated_provider_orders"("id") ON DELETE no action ON UPDATE no action;