CREATE TABLE "rate_limits" (
	"key" varchar(400) NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_key_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "claim_files_storage_key_idx" ON "claim_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "dictaminations_storage_key_idx" ON "dictaminations" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "invoices_storage_key_idx" ON "invoices" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "users_foto_key_idx" ON "users" USING btree ("foto_key");