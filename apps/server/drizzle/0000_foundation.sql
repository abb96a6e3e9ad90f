CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"login_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"register_where" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"point" integer DEFAULT 0 NOT NULL,
	"referral_code" text,
	"referred_by" integer,
	"api_key_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "accounts_point_not_negative" CHECK ("accounts"."point" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"bg_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"bg_color" text DEFAULT '#ffffff' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" serial PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qnas" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_wheres" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"text" text NOT NULL,
	"point" integer NOT NULL,
	"min" integer NOT NULL,
	"max" integer NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"enable_auto" boolean DEFAULT false NOT NULL,
	"is_read_only" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "services_point_positive" CHECK ("services"."point" > 0),
	CONSTRAINT "services_min_max" CHECK ("services"."min" >= 1 AND "services"."max" >= "services"."min")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_login_id_lower_key" ON "accounts" USING btree (lower("login_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_referral_code_key" ON "accounts" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_api_key_hash_key" ON "accounts" USING btree ("api_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_reason_reference_key" ON "point_ledger" USING btree ("reason","reference");--> statement-breakpoint
CREATE INDEX "point_ledger_account_idx" ON "point_ledger" USING btree ("account_id");