-- pg_trgm: trigram indexes for "contains" searches (PostgreSQL contrib; PGlite loads it as an extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "claims_id_text_trgm_idx" ON "claims" USING gin (("id_evento"::text) gin_trgm_ops);
