CREATE TABLE "blob_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "blob_chunks_pk" PRIMARY KEY("key","seq")
);
