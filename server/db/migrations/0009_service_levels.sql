CREATE TABLE "claim_clocks" (
	"id_evento" integer PRIMARY KEY NOT NULL,
	"status_id" smallint NOT NULL,
	"waits_on" varchar(16) NOT NULL,
	"id_ejecutivo" integer NOT NULL,
	"id_proveedor" integer,
	"entered_at" timestamp with time zone NOT NULL,
	"due_soon_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"escalate_at" timestamp with time zone NOT NULL,
	"overdue_notified" boolean DEFAULT false NOT NULL,
	"escalated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_target_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"status_id" smallint NOT NULL,
	"previous_days" smallint NOT NULL,
	"target_days" smallint NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_targets" (
	"status_id" smallint PRIMARY KEY NOT NULL,
	"target_days" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" varchar(120);--> statement-breakpoint
ALTER TABLE "claim_clocks" ADD CONSTRAINT "claim_clocks_id_evento_claims_id_evento_fk" FOREIGN KEY ("id_evento") REFERENCES "public"."claims"("id_evento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_clocks" ADD CONSTRAINT "claim_clocks_status_id_claim_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."claim_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_target_changes" ADD CONSTRAINT "service_target_changes_status_id_claim_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."claim_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_target_changes" ADD CONSTRAINT "service_target_changes_changed_by_users_id_user_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_targets" ADD CONSTRAINT "service_targets_status_id_claim_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."claim_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_targets" ADD CONSTRAINT "service_targets_updated_by_users_id_user_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_clocks_executive_due_idx" ON "claim_clocks" USING btree ("id_ejecutivo","due_at","id_evento") WHERE waits_on = 'executive';--> statement-breakpoint
CREATE INDEX "claim_clocks_provider_due_idx" ON "claim_clocks" USING btree ("id_proveedor","due_at","id_evento") WHERE waits_on = 'provider';--> statement-breakpoint
CREATE INDEX "claim_clocks_office_due_idx" ON "claim_clocks" USING btree ("due_at","id_evento") WHERE waits_on <> 'provider';--> statement-breakpoint
CREATE INDEX "claim_clocks_status_idx" ON "claim_clocks" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "claim_clocks_overdue_pending_idx" ON "claim_clocks" USING btree ("due_at") WHERE not overdue_notified;--> statement-breakpoint
CREATE INDEX "claim_clocks_escalation_pending_idx" ON "claim_clocks" USING btree ("escalate_at") WHERE not escalated;--> statement-breakpoint
CREATE INDEX "service_target_changes_at_idx" ON "service_target_changes" USING btree ("changed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("dedupe_key") WHERE dedupe_key is not null;