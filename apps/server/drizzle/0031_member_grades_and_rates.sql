-- 회원 등급 and custom rates (docs/product.md#member-grades-and-custom-rates): grades with a discount in
-- basis points earned by spending over a window (or given by hand), each member's grade and whether the
-- operator pinned it, a member's own rate per service (a price or a discount, exactly one), and the
-- Seoul days the daily grade run has run (one process runs each day's, whichever inserts its row first).
CREATE TABLE "member_grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_bp" integer NOT NULL,
	"min_spend_won" integer,
	"window_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_grades_discount_range" CHECK ("member_grades"."discount_bp" >= 0 AND "member_grades"."discount_bp" <= 9000),
	CONSTRAINT "member_grades_min_spend_range" CHECK ("member_grades"."min_spend_won" IS NULL OR "member_grades"."min_spend_won" >= 0),
	CONSTRAINT "member_grades_window_range" CHECK ("member_grades"."window_days" >= 1 AND "member_grades"."window_days" <= 365)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_grades_name_key" ON "member_grades" USING btree (lower("name"));
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "grade_id" integer;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "grade_manual" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_grade_id_member_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."member_grades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "member_rates" (
	"account_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"unit_price_milli" bigint,
	"discount_bp" integer,
	"loss_confirmed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_rates_account_id_service_id_pk" PRIMARY KEY("account_id","service_id"),
	CONSTRAINT "member_rates_one_kind" CHECK (("member_rates"."unit_price_milli" IS NULL) <> ("member_rates"."discount_bp" IS NULL)),
	CONSTRAINT "member_rates_price_positive" CHECK ("member_rates"."unit_price_milli" IS NULL OR "member_rates"."unit_price_milli" > 0),
	CONSTRAINT "member_rates_discount_range" CHECK ("member_rates"."discount_bp" IS NULL OR ("member_rates"."discount_bp" >= 0 AND "member_rates"."discount_bp" <= 9000))
);
--> statement-breakpoint
ALTER TABLE "member_rates" ADD CONSTRAINT "member_rates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_rates" ADD CONSTRAINT "member_rates_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "grade_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"promoted" integer DEFAULT 0 NOT NULL,
	"demoted" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
