-- Name search of the claim lists from trigram indexes (docs/decisions/paged-lists.md, issue 12).
-- The collaborator's full name as the lists show it: concat_ws is only STABLE in general (it formats any type), but on
-- four texts it depends on nothing else, so declaring it IMMUTABLE is true and lets an index hold it.
CREATE OR REPLACE FUNCTION collaborator_full_name(nombre text, nombre2 text, ape_pat text, ape_mat text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select concat_ws(' ', nullif(nombre, ''), nullif(nombre2, ''), nullif(ape_pat, ''), nullif(ape_mat, '')) $$;--> statement-breakpoint
CREATE INDEX "claims_beneficiary_trgm_idx" ON "claims" USING gin ("beneficiary" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "collaborators_full_name_trgm_idx" ON "collaborators" USING gin (collaborator_full_name("nombre", "nombre2", "ape_pat", "ape_mat") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coverages_descripcion_trgm_idx" ON "coverages" USING gin ("descripcion" gin_trgm_ops);