CREATE TABLE "stage_stays" (
	"id_history" integer PRIMARY KEY NOT NULL,
	"status_id" smallint NOT NULL,
	"days" double precision NOT NULL,
	"fecha_ingreso" timestamp with time zone NOT NULL,
	"id_ejecutivo" integer NOT NULL
);
--> statement-breakpoint
-- Backfill: every ended stay of the existing history, as server/domain/stageStays.ts writes them from now on (a
-- row lasts until the claim's next row in (fecha, id) order; the last row is open). One window over the whole table
-- in index order, written before the constraints and the index so that they are checked and built once.
INSERT INTO "stage_stays" ("id_history", "status_id", "days", "fecha_ingreso", "id_ejecutivo")
SELECT s.id, s.status_id, s.days, c.fecha_ingreso, c.id_ejecutivo
FROM (
	SELECT h.id, h.id_evento, h.status_id,
	       (extract(epoch from (lead(h.fecha) over (partition by h.id_evento order by h.fecha, h.id) - h.fecha)) / 86400.0)::double precision AS days
	FROM "status_history" h
) s
JOIN "claims" c ON c.id_evento = s.id_evento
WHERE s.days IS NOT NULL;--> statement-breakpoint
ALTER TABLE "stage_stays" ADD CONSTRAINT "stage_stays_id_history_status_history_id_fk" FOREIGN KEY ("id_history") REFERENCES "public"."status_history"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_stays" ADD CONSTRAINT "stage_stays_status_id_claim_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."claim_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_stays_cohort_idx" ON "stage_stays" USING btree ("fecha_ingreso","status_id","days","id_ejecutivo");--> statement-breakpoint
-- The planner needs the new table's statistics at once (without them it sorted the 3.6 M stays of a 1 M-claim database on
-- disk instead of hashing them); VACUUM cannot run in the migration's transaction, autovacuum sets the visibility map.
ANALYZE "stage_stays";