CREATE TABLE "transaction_control_chunks" (
	"run_id" integer NOT NULL,
	"class" text NOT NULL,
	"chunk" integer NOT NULL,
	"row_count" integer NOT NULL,
	"seqs" integer[] NOT NULL,
	"row_nos" integer[] NOT NULL,
	"transaction_ids" text[] NOT NULL,
	"order_ids" text[] NOT NULL,
	"merchant_amounts" bigint[] NOT NULL,
	"provider_amounts" bigint[] NOT NULL,
	"provider_statuses" text[] NOT NULL,
	"provider_created_ats" timestamp with time zone[] NOT NULL,
	"matched_by" text[] NOT NULL,
	"duplicate_of" integer[] NOT NULL,
	CONSTRAINT "transaction_control_chunks_pk" PRIMARY KEY("run_id","class","chunk"),
	CONSTRAINT "transaction_control_chunks_class_ck" CHECK ("transaction_control_chunks"."class" in ('MATCHED', 'AMOUNT_MISMATCH', 'ONLY_MERCHANT', 'ONLY_PROVIDER', 'DUPLICATE'))
);
--> statement-breakpoint
-- Uncompressed: compressing a run's arrays cost more time than the bytes it saved (hand-added; drizzle-kit does not track storage).
ALTER TABLE "transaction_control_chunks" ALTER COLUMN "seqs" SET STORAGE EXTERNAL, ALTER COLUMN "row_nos" SET STORAGE EXTERNAL,
	ALTER COLUMN "transaction_ids" SET STORAGE EXTERNAL, ALTER COLUMN "order_ids" SET STORAGE EXTERNAL,
	ALTER COLUMN "merchant_amounts" SET STORAGE EXTERNAL, ALTER COLUMN "provider_amounts" SET STORAGE EXTERNAL,
	ALTER COLUMN "provider_statuses" SET STORAGE EXTERNAL, ALTER COLUMN "provider_created_ats" SET STORAGE EXTERNAL,
	ALTER COLUMN "matched_by" SET STORAGE EXTERNAL, ALTER COLUMN "duplicate_of" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Runs made before keep their rows (hand-added): into chunks, before the next migration drops transaction_control_rows.
INSERT INTO "transaction_control_chunks"
SELECT "run_id", "class", ("seq" - 1) / 1000, count(*), array_agg("seq" ORDER BY "seq"), array_agg("row_no" ORDER BY "seq"),
	array_agg("transaction_id" ORDER BY "seq"), array_agg("order_id" ORDER BY "seq"), array_agg("merchant_amount" ORDER BY "seq"),
	array_agg("provider_amount" ORDER BY "seq"), array_agg("provider_status" ORDER BY "seq"), array_agg("provider_created_at" ORDER BY "seq"),
	array_agg("matched_by" ORDER BY "seq"), array_agg("duplicate_of" ORDER BY "seq")
FROM "transaction_control_rows"
GROUP BY "run_id", "class", ("seq" - 1) / 1000;
