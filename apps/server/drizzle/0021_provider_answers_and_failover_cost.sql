-- Untrusted providers (docs/ARCHITECTURE.md#upstream-providers, #provider-health): the raw answer of a provider that
-- could not be read, kept on the order held for the operator; a service's failover unit cost (read from
-- the failover's list when saved) and the operator's confirmation of sending there at a loss.
ALTER TABLE "orders" ADD COLUMN "provider_answer" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "failover_unit_cost_milli" bigint;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "failover_loss_confirmed" boolean DEFAULT false NOT NULL;