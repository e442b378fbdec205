ALTER TABLE "merchant_selling_plans" ADD COLUMN "service_code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "selling_plans" ADD COLUMN "service_code" text NOT NULL;