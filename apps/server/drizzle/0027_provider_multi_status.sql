-- Whether a provider answers the trade's multi-status call (`orders=1,2,…`): null until the worker has
-- learned it, then true or false, so a provider without it is asked one order at a time from then on
-- instead of never (docs/ARCHITECTURE.md "Upstream providers"). Forgotten when its API URL or key changes.
ALTER TABLE "providers" ADD COLUMN "multi_status" boolean;
