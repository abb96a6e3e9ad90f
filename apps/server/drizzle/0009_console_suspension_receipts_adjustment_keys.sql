ALTER TABLE "accounts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "receipt_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "receipt_issued_by" integer;--> statement-breakpoint
ALTER TABLE "point_adjustments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_receipt_issued_by_accounts_id_fk" FOREIGN KEY ("receipt_issued_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "charges_credited_at_idx" ON "charges" USING btree ("response_at") WHERE "charges"."status" = 1;--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_adjustments_operator_idempotency_key" ON "point_adjustments" USING btree ("operator_id","idempotency_key");