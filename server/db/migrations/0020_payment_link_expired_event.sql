ALTER TABLE "payment_links" ADD COLUMN "expired_event_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_links_expiry_due_idx" ON "payment_links" USING btree ("expires_at") WHERE "payment_links"."expired_event_at" is null and "payment_links"."paid_at" is null and "payment_links"."deactivated_at" is null and "payment_links"."expires_at" is not null;--> statement-breakpoint
-- Links that expired before this column existed are not announced now (their moment has passed).
UPDATE "payment_links" SET "expired_event_at" = "expires_at" WHERE "expires_at" <= now() AND "paid_at" IS NULL AND "deactivated_at" IS NULL;
