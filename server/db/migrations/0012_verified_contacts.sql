CREATE TABLE "verified_contacts" (
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_contacts_user_id_channel_pk" PRIMARY KEY("user_id","channel"),
	CONSTRAINT "verified_contacts_channel_ck" CHECK ("verified_contacts"."channel" in ('SMS', 'EMAIL'))
);
--> statement-breakpoint
ALTER TABLE "verified_contacts" ADD CONSTRAINT "verified_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verified_contacts_address_uq" ON "verified_contacts" USING btree ("channel","address");