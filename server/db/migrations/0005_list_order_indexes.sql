-- The claim lists of one executive or one provider, newest first, from the index alone (docs/decisions/paged-lists.md).
DROP INDEX "claims_ejecutivo_idx";--> statement-breakpoint
DROP INDEX "claims_proveedor_idx";--> statement-breakpoint
CREATE INDEX "claims_ejecutivo_evento_idx" ON "claims" USING btree ("id_ejecutivo","id_evento");--> statement-breakpoint
CREATE INDEX "claims_proveedor_evento_idx" ON "claims" USING btree ("id_proveedor","id_evento");