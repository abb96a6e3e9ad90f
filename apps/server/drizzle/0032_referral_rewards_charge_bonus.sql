-- Referral rewards and charge bonuses (docs/product.md#referral-rewards-and-charge-bonuses): two ledger
-- reasons of their own (a reward is `REFERRAL_REWARD referral:<reward id>`, a bonus `CHARGE_BONUS
-- charge:<charge id>`, each idempotent on its reference); where and on what a member signed up, so a
-- referral the referrer made for themself is held for an operator; and one reward row per finished order
-- of a referred member, credited by the background loop after the holding period.
ALTER TABLE "point_ledger" DROP CONSTRAINT "point_ledger_reason_known";--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_reason_known" CHECK ("point_ledger"."reason" IN ('CHARGE', 'ORDER', 'REFUND', 'ADJUSTMENT', 'REFERRAL_REWARD', 'CHARGE_BONUS'));--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "signup_address" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "signup_device" text;--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"referrer_id" integer NOT NULL,
	"referred_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"spent" integer,
	"percent" integer,
	"amount" integer,
	"held_reason" text,
	"memo" text,
	"decided_by" integer,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_status_known" CHECK ("referral_rewards"."status" IN ('PENDING', 'CREDITED', 'REVERSED', 'HELD', 'WITHHELD')),
	CONSTRAINT "referral_rewards_not_self" CHECK ("referral_rewards"."referrer_id" <> "referral_rewards"."referred_id")
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_accounts_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referred_id_accounts_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_order_id_key" ON "referral_rewards" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_pending_idx" ON "referral_rewards" USING btree ("earned_at") WHERE "referral_rewards"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id","id");
