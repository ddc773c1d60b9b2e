DROP INDEX "claims_fecha_idx";--> statement-breakpoint
DROP INDEX "status_history_evento_idx";--> statement-breakpoint
CREATE INDEX "claims_fecha_idx" ON "claims" USING btree ("fecha_ingreso","id_evento","id_ejecutivo","status_id");--> statement-breakpoint
CREATE INDEX "status_history_evento_idx" ON "status_history" USING btree ("id_evento","fecha","id","status_id");