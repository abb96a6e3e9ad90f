-- 자주 쓰는 답변 (docs/product.md#inquiries): reply texts operators keep and pick from when answering an
-- inquiry, listed in their own order. The length limits of the domain's rule are held here as well.
CREATE TABLE "saved_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_answers_title_length" CHECK (char_length("saved_answers"."title") BETWEEN 1 AND 60),
	CONSTRAINT "saved_answers_text_length" CHECK (char_length("saved_answers"."text") BETWEEN 1 AND 2000)
);
