CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"depositor_name" text NOT NULL,
	"depositor_key" text NOT NULL,
	"point" integer NOT NULL,
	"payable" integer NOT NULL,
	"fee_type" integer NOT NULL,
	"fee_value" jsonb,
	"status" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"response_at" timestamp with time zone,
	"deposit_id" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_point_positive" CHECK ("charges"."point" > 0 AND "charges"."payable" >= "charges"."point"),
	CONSTRAINT "charges_fee_type_known" CHECK ("charges"."fee_type" IN (0, 1, 2)),
	CONSTRAINT "charges_status_known" CHECK ("charges"."status" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"reference" text NOT NULL,
	"depositor_name" text,
	"depositor_key" text,
	"amount" integer,
	"deposited_at" timestamp with time zone,
	"raw_text" text,
	"bank" text,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"charge_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_pending_depositor_payable_key" ON "charges" USING btree ("depositor_key","payable") WHERE "charges"."status" = 0;--> statement-breakpoint
CREATE INDEX "charges_account_id_idx" ON "charges" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "charges_status_id_idx" ON "charges" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "charges_pending_expiry_idx" ON "charges" USING btree ("expires_at") WHERE "charges"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_source_reference_key" ON "deposits" USING btree ("source","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_matched_charge_key" ON "deposits" USING btree ("charge_id") WHERE "deposits"."status" = 'MATCHED';--> statement-breakpoint
CREATE INDEX "deposits_status_id_idx" ON "deposits" USING btree ("status","id");