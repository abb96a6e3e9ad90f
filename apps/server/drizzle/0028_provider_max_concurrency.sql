-- 동시 호출 수: how many calls each server process may have in flight to a provider at once, set by the
-- operator to what the provider allows (a fast one takes tens, a strict one fewer than the default).
-- null keeps the default (4); the range is the console's rule, held here too (docs/ARCHITECTURE.md
-- "Orders and the background loop").
ALTER TABLE "providers" ADD COLUMN "max_concurrency" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_max_concurrency_range" CHECK ("providers"."max_concurrency" >= 1 AND "providers"."max_concurrency" <= 64);
