CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_evento" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"recipient" varchar(40) NOT NULL,
	"email" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"message" varchar(500) NOT NULL,
	"link" varchar(200) NOT NULL,
	"details" jsonb NOT NULL,
	"delivery" varchar(12) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" varchar(500),
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_id_evento_claims_id_evento_fk" FOREIGN KEY ("id_evento") REFERENCES "public"."claims"("id_evento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "notifications_delivery_idx" ON "notifications" USING btree ("delivery","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notifications_evento_idx" ON "notifications" USING btree ("id_evento");