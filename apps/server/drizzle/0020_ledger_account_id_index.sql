-- A member's ledger, newest first (the console's page), read by (account_id, id) without a sort; the old
-- index on account_id alone made PostgreSQL fetch all of a member's rows and sort them
-- (docs/performance.md#indexes, `npm run bench:explain`). Built before the old one goes, so the table is
-- never without one; the build holds point_ledger's writes for as long as it takes (seconds per million rows).
CREATE INDEX "point_ledger_account_id_idx" ON "point_ledger" USING btree ("account_id","id");--> statement-breakpoint
DROP INDEX "point_ledger_account_idx";
