-- The visible tail digits of the account a deposit arrived in (null where the report does not say):
-- two reports of one transfer have tails one of which ends with the other.
ALTER TABLE "deposits" ADD COLUMN "account_tail" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_account_tail_digits" CHECK ("deposits"."account_tail" ~ '^[0-9]{1,20}$');