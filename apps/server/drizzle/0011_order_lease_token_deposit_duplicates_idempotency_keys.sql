CREATE TABLE "idempotency_keys" (
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" integer,
	"auto_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lease_token" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_transfer_idx" ON "deposits" USING btree ("depositor_key","amount","deposited_at");--> statement-breakpoint
-- Keys already used keep answering as before; 'legacy' matches no body hash, so only their replays by
-- the same order id are recognised (a reuse with any body is 422 from now on).
INSERT INTO "idempotency_keys" ("account_id", "key", "request_hash", "order_id")
  SELECT "account_id", "idempotency_key", 'legacy', "id" FROM "orders" WHERE "idempotency_key" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "idempotency_keys" ("account_id", "key", "request_hash", "auto_order_id")
  SELECT "account_id", "idempotency_key", 'legacy', "id" FROM "auto_orders" WHERE "idempotency_key" IS NOT NULL
  ON CONFLICT DO NOTHING;
