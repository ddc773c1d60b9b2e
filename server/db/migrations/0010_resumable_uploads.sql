CREATE TABLE "resumable_uploads" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"owner" varchar(64) NOT NULL,
	"call" varchar(32) NOT NULL,
	"id_evento" integer,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "resumable_uploads_owner_idx" ON "resumable_uploads" USING btree ("owner","expires_at");--> statement-breakpoint
CREATE INDEX "resumable_uploads_expires_idx" ON "resumable_uploads" USING btree ("expires_at");