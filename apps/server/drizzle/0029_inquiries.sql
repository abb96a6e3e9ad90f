-- 1:1 문의 (docs/product.md#inquiries): a member's inquiry about one of their orders or charges (or their
-- account, or anything), its thread of messages with an optional image, the operator's internal notes
-- (never served to the member) and the member's read marker (an unread reply is the top bar's badge).
-- The type's link to an order or a charge is held here too, so no row names the wrong kind of thing.
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'WAITING' NOT NULL,
	"order_id" integer,
	"charge_id" integer,
	"assigned_operator_id" integer,
	"waiting_since" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"member_read_message_id" bigint DEFAULT 0 NOT NULL,
	"last_reply_message_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_type_known" CHECK ("inquiries"."type" IN ('ORDER_REFILL', 'ORDER_CANCEL', 'ORDER_SPEED', 'ORDER_OTHER', 'CHARGE', 'ACCOUNT', 'OTHER')),
	CONSTRAINT "inquiries_state_known" CHECK ("inquiries"."state" IN ('WAITING', 'ANSWERED', 'CLOSED')),
	CONSTRAINT "inquiries_link_matches_type" CHECK (("inquiries"."type" IN ('ORDER_REFILL', 'ORDER_CANCEL', 'ORDER_SPEED', 'ORDER_OTHER') AND "inquiries"."order_id" IS NOT NULL AND "inquiries"."charge_id" IS NULL) OR ("inquiries"."type" = 'CHARGE' AND "inquiries"."charge_id" IS NOT NULL AND "inquiries"."order_id" IS NULL) OR ("inquiries"."type" IN ('ACCOUNT', 'OTHER') AND "inquiries"."order_id" IS NULL AND "inquiries"."charge_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "inquiry_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"author" text NOT NULL,
	"author_id" integer NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"text" text NOT NULL,
	"attachment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_messages_author_known" CHECK ("inquiry_messages"."author" IN ('member', 'operator')),
	CONSTRAINT "inquiry_messages_note_by_operator" CHECK (NOT "inquiry_messages"."internal" OR "inquiry_messages"."author" = 'operator')
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_assigned_operator_id_accounts_id_fk" FOREIGN KEY ("assigned_operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_account_idx" ON "inquiries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "inquiries_queue_idx" ON "inquiries" USING btree ("state","waiting_since","id");--> statement-breakpoint
CREATE INDEX "inquiries_order_idx" ON "inquiries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "inquiry_messages_thread_idx" ON "inquiry_messages" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE INDEX "inquiry_messages_author_time_idx" ON "inquiry_messages" USING btree ("author_id","created_at");
