ALTER TABLE "claims" ADD COLUMN "collaborator_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- claims.collaborator_name: the collaborator's full name as collaborator_full_name (migration 0006) writes it, kept on
-- the claim so that the claim record needs no probe of collaborators, a table as large as claims (issue 27: ten
-- records cost 90–140 µs less of PostgreSQL, one claim 10–20 µs). Collaborators are written by the import and the seed,
-- never renamed by the portal, and hold a few claims each, so keeping it costs one lookup per claim written.
UPDATE "claims" c SET "collaborator_name" = collaborator_full_name(co.nombre, co.nombre2, co.ape_pat, co.ape_mat)
FROM "collaborators" co WHERE co.id_colaborador = c.id_colaborador;--> statement-breakpoint
-- A claim written (or moved to another collaborator, only repairs) takes its collaborator's name; the column written
-- directly is put back. No collaborator: left blank, and the foreign key refuses the row as before.
CREATE FUNCTION claim_collaborator_name_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.collaborator_name := coalesce((SELECT collaborator_full_name(nombre, nombre2, ape_pat, ape_mat)
    FROM collaborators WHERE id_colaborador = NEW.id_colaborador), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER claims_collaborator_name BEFORE INSERT OR UPDATE OF id_colaborador, collaborator_name ON "claims" FOR EACH ROW
  EXECUTE FUNCTION claim_collaborator_name_on_write();--> statement-breakpoint
-- A collaborator renamed: their claims follow (claims_colaborador_idx finds them).
CREATE FUNCTION collaborator_name_to_claims() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE claims SET collaborator_name = collaborator_full_name(NEW.nombre, NEW.nombre2, NEW.ape_pat, NEW.ape_mat)
  WHERE id_colaborador = NEW.id_colaborador;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER collaborators_name_to_claims AFTER UPDATE OF nombre, nombre2, ape_pat, ape_mat ON "collaborators" FOR EACH ROW
  WHEN (collaborator_full_name(OLD.nombre, OLD.nombre2, OLD.ape_pat, OLD.ape_mat)
    IS DISTINCT FROM collaborator_full_name(NEW.nombre, NEW.nombre2, NEW.ape_pat, NEW.ape_mat))
  EXECUTE FUNCTION collaborator_name_to_claims();
