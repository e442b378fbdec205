ALTER TABLE "merchant_selling_plans" DROP CONSTRAINT "merchant_selling_plans_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "selling_plans" DROP CONSTRAINT "selling_plans_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "merchant_selling_plans" DROP CONSTRAINT "merchant_selling_plans_merchant_id_service_id_pk";--> statement-breakpoint
ALTER TABLE "merchant_selling_plans" ADD CONSTRAINT "merchant_selling_plans_merchant_id_service_code_pk" PRIMARY KEY("merchant_id","service_code");--> statement-breakpoint
ALTER TABLE "merchant_selling_plans" DROP COLUMN "service_id";--> statement-breakpoint
ALTER TABLE "selling_plans" DROP COLUMN "service_id";