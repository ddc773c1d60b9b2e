DROP INDEX "claim_clocks_executive_due_idx";--> statement-breakpoint
DROP INDEX "claim_clocks_provider_due_idx";--> statement-breakpoint
DROP INDEX "claim_clocks_office_due_idx";--> statement-breakpoint
CREATE INDEX "claim_clocks_executive_due_idx" ON "claim_clocks" USING btree ("id_ejecutivo","due_at","id_evento","due_soon_at","status_id","entered_at") WHERE waits_on = 'executive';--> statement-breakpoint
CREATE INDEX "claim_clocks_provider_due_idx" ON "claim_clocks" USING btree ("id_proveedor","due_at","id_evento","due_soon_at","status_id","entered_at") WHERE waits_on = 'provider';--> statement-breakpoint
CREATE INDEX "claim_clocks_office_due_idx" ON "claim_clocks" USING btree ("due_at","id_evento","due_soon_at","status_id","entered_at") WHERE waits_on <> 'provider';