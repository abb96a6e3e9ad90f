-- Service types (docs/product.md#service-types): Default, Custom Comments (the comments travel with the
-- order, one a line) and Package (a fixed quantity). Every existing service and order is a Default one.
ALTER TABLE "orders" ADD COLUMN "service_type" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comments" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "service_type" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "simulated_provider_orders" ADD COLUMN "comments" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_type_known" CHECK ("services"."service_type" IN ('default', 'custom_comments', 'package'));