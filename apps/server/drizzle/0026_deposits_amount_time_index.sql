-- The same-transfer check reads one amount's reports by bank time, whatever their names (a name may be
-- read two ways: docs/ARCHITECTURE.md "Charges and deposits"); nothing reads deposits by name any more.
DROP INDEX IF EXISTS "deposits_transfer_idx";--> statement-breakpoint
CREATE INDEX "deposits_amount_time_idx" ON "deposits" USING btree ("amount","deposited_at");